import { useState } from 'react';
import { Alert, Button, Card, Collapse, Empty, Input, InputNumber, Space, Table, Tag, Typography } from 'antd';
import { FileTextOutlined, PictureOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { AssignmentItem, ReviewData } from '@xueban/contract/marking';
import { useDraftSubmission } from '../api/draft-submission.ts';
import { useMarkSubmission } from '../api/mark-submission.ts';
import { showSuccess, showWarning } from '../../../lib/toast.ts';
import { statusOf, sumScores } from '../lib/status.ts';

type Student = ReviewData['students'][number];
type Submission = NonNullable<Student['submission']>;

/** One student's work, the AI draft per criterion, the teacher's editable scores and comment, 保存 and 发布. */
export function SubmissionReview({ assignment: a, student }: { assignment: AssignmentItem; student: Student }) {
  const s = student.submission;
  if (!s) return <Card><Empty description={`${student.truename} 还未提交`} /></Card>;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Work student={student} s={s} />
      <Marks a={a} s={s} />
    </Space>
  );
}

function Work({ student, s }: { student: Student; s: Submission }) {
  const st = statusOf(s);
  return (
    <Card
      size="small"
      title={`${student.truename} 的作业`}
      extra={<Space size={4}><Tag color={st.color}>{st.label}</Tag>{s.late && <Tag color="red">迟交</Tag>}<Typography.Text type="secondary">提交于 {dayjs.unix(s.submit_time).format('MM-DD HH:mm')}</Typography.Text></Space>}
    >
      {s.text ? <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 8 }}>{s.text}</Typography.Paragraph> : <Typography.Text type="secondary">（没有填写文字）</Typography.Text>}
      {s.files.length > 0 && (
        <Space direction="vertical" style={{ width: '100%' }}>
          {s.files.filter((f) => f.kind === 'image').length > 0 && (
            <Space wrap>
              {s.files.filter((f) => f.kind === 'image').map((f) => (
                <a key={f.url} href={f.url} target="_blank" rel="noreferrer" title={f.name}>
                  <img src={f.url} alt={f.name} style={{ maxWidth: 160, maxHeight: 120, borderRadius: 4, border: '1px solid #eee' }} />
                </a>
              ))}
            </Space>
          )}
          {s.files.filter((f) => f.kind === 'document').map((f) => (
            <div key={f.url}>
              <Space><FileTextOutlined /><a href={f.url} target="_blank" rel="noreferrer">{f.name}</a>{f.note && <Typography.Text type="warning">{f.note}</Typography.Text>}</Space>
              {f.text && (
                <Collapse size="small" style={{ marginTop: 4 }} items={[{ key: 't', label: '文件中读取到的文字', children: <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', maxHeight: 240, overflow: 'auto', marginBottom: 0 }}>{f.text}</Typography.Paragraph> }]} />
              )}
            </div>
          ))}
          {s.files.some((f) => f.kind === 'image') && <Typography.Text type="secondary"><PictureOutlined /> 图片会交给支持看图的模型批阅，否则 AI 只按文字评分</Typography.Text>}
        </Space>
      )}
    </Card>
  );
}

function Marks({ a, s }: { a: AssignmentItem; s: Submission }) {
  const draft = useDraftSubmission();
  const mark = useMarkSubmission();
  const start = s.scores ?? s.ai_scores;
  const [scores, setScores] = useState<Record<string, number | null>>(() => Object.fromEntries(a.rubric.map((c) => [c.name, start?.find((x) => x.name === c.name)?.score ?? null])));
  const [comment, setComment] = useState(s.comment ?? s.ai_comment);
  const complete = a.rubric.every((c) => scores[c.name] != null);
  const released = s.status === 'released';
  const busy = s.status === 'drafting' || s.status === 'submitted';

  const save = (release: boolean) => {
    if (!complete) {
      showWarning('请先为每个评分项打分');
      return;
    }
    mark.mutate(
      { id: s.id, scores: a.rubric.map((c) => ({ name: c.name, score: scores[c.name]! })), comment, release: release ? 1 : 0 },
      { onSuccess: () => showSuccess(release ? '已发布，学生可以看到批阅结果' : '已保存') },
    );
  };
  const redraft = () => draft.mutate(s.id, {
    onSuccess: (r) => {
      if (r.status === 'drafted') showSuccess('AI 批阅完成');
      else if (r.status === 'drafting') showWarning('AI 正在批阅，请稍候');
      else if (r.draft_error) showWarning(r.draft_error);
    },
  });

  const rows = a.rubric.map((c) => ({ ...c, ai: s.ai_scores?.find((x) => x.name === c.name)?.score }));
  return (
    <Card size="small" title="评分" extra={released && s.release_time ? <Typography.Text type="secondary">发布于 {dayjs.unix(s.release_time).format('MM-DD HH:mm')}</Typography.Text> : null}>
      {s.status === 'failed' && (
        <Alert
          type="warning" showIcon style={{ marginBottom: 12 }}
          message={`待批阅：${s.draft_error || 'AI 批阅未完成'}`}
          action={<Button size="small" loading={draft.isPending} onClick={redraft}>重新 AI 批阅</Button>}
        />
      )}
      {busy && <Alert type="info" showIcon style={{ marginBottom: 12 }} message="AI 正在批阅，完成后这里会显示 AI 的评分和评语；也可以直接手动评分" />}
      <Table
        size="small" rowKey="name" pagination={false} dataSource={rows}
        columns={[
          { title: '评分项', dataIndex: 'name', render: (_, c) => <>{c.name}<Typography.Text type="secondary">（满分 {c.points}）</Typography.Text>{c.description && <div><Typography.Text type="secondary" style={{ fontSize: 12 }}>{c.description}</Typography.Text></div>}</> },
          { title: 'AI 评分', dataIndex: 'ai', width: 90, render: (v?: number) => (v == null ? '—' : v) },
          {
            title: '老师评分', key: 'score', width: 130,
            render: (_, c) => (
              <InputNumber
                min={0} max={c.points} step={1} value={scores[c.name]} aria-label={`${c.name}得分`}
                onChange={(v) => setScores((prev) => ({ ...prev, [c.name]: v ?? null }))}
              />
            ),
          },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>总分</Table.Summary.Cell>
            <Table.Summary.Cell index={1}>{s.ai_scores ? sumScores(s.ai_scores) : '—'}</Table.Summary.Cell>
            <Table.Summary.Cell index={2}><Typography.Text strong>{complete ? sumScores(a.rubric.map((c) => ({ score: scores[c.name]! }))) : '—'}</Typography.Text> / {a.total_points}</Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
      {s.ai_comment && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 4 }}>AI 评语：{s.ai_comment}</Typography.Paragraph>
      )}
      <div style={{ marginTop: 12 }}>
        <Typography.Text>评语</Typography.Text>
        <Input.TextArea rows={3} value={comment} maxLength={5000} onChange={(e) => setComment(e.target.value)} placeholder="写给学生的评语" aria-label="评语" style={{ marginTop: 4 }} />
      </div>
      <Space style={{ marginTop: 12 }}>
        <Button type="primary" loading={mark.isPending} onClick={() => save(true)}>{released ? '更新发布' : '发布'}</Button>
        <Button loading={mark.isPending} onClick={() => save(false)}>保存</Button>
        {!released && s.status !== 'failed' && <Button loading={draft.isPending} onClick={redraft}>重新 AI 批阅</Button>}
      </Space>
    </Card>
  );
}
