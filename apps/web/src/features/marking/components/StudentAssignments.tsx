import { useState } from 'react';
import { Button, Card, Descriptions, Empty, Input, List, Space, Spin, Table, Tag, Typography, Upload } from 'antd';
import { PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { MARK_MSG, MARKING_LIMITS } from '@xueban/contract/constants/marking';
import { LIMITS } from '@xueban/contract/limits';
import type { MyAssignmentItem } from '@xueban/contract/marking';
import { uploadFile } from '../../../lib/upload.ts';
import { showSuccess, showWarning } from '../../../lib/toast.ts';
import { useMyAssignments } from '../api/get-my-assignments.ts';
import { useSubmitWork } from '../api/submit-work.ts';

/** Documents whose text is read for the marking (as the knowledge base reads them), and pictures. */
const ACCEPT = '.txt,.md,.pdf,.docx,.doc,.pptx,.ppt,.xlsx,.xls,.csv,.html,.png,.jpg,.jpeg,.gif,.webp';

/** The student's assignments of a robot's class: due date, handing in (text, files, pictures), status, and the released mark. */
export function StudentAssignments({ robotId }: { robotId: number }) {
  const mine = useMyAssignments(robotId);
  if (mine.isLoading) return <Card title="我的作业"><Spin /></Card>;
  const items = mine.data ?? [];
  return (
    <Card title="我的作业">
      {items.length === 0
        ? <Empty description="老师还没有布置作业" />
        : <List itemLayout="vertical" dataSource={items} renderItem={(a) => <List.Item key={a.id}><AssignmentCard a={a} /></List.Item>} />}
    </Card>
  );
}

function statusTag(a: MyAssignmentItem, overdue: boolean) {
  const s = a.submission;
  if (!s) return overdue ? <Tag color="red">已截止 · 未提交</Tag> : <Tag>未提交</Tag>;
  return (
    <Space size={4}>
      {s.result ? <Tag color="success">已批阅</Tag> : <Tag color="processing">已提交 · 等待老师批阅</Tag>}
      {s.late && <Tag color="red">迟交</Tag>}
    </Space>
  );
}

function AssignmentCard({ a }: { a: MyAssignmentItem }) {
  const [editing, setEditing] = useState(false);
  const s = a.submission;
  // The time the card was first shown: purity of render, and nobody waits on the page past a deadline.
  const [now] = useState(() => Date.now());
  const overdue = a.due_at * 1000 < now;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
        <Typography.Title level={5} style={{ margin: 0 }}>{a.title}</Typography.Title>
        {statusTag(a, overdue)}
      </Space>
      <Descriptions size="small" column={1}>
        <Descriptions.Item label="截止时间">{dayjs.unix(a.due_at).format('YYYY-MM-DD HH:mm')}{overdue && '（已截止，仍可提交，记为迟交）'}</Descriptions.Item>
        {a.instructions && <Descriptions.Item label="作业要求"><span style={{ whiteSpace: 'pre-wrap' }}>{a.instructions}</span></Descriptions.Item>}
        <Descriptions.Item label="评分标准">{a.rubric.map((c) => `${c.name}（${c.points}分）`).join('、')}，满分 {a.total_points}</Descriptions.Item>
      </Descriptions>
      {s?.result && <Result a={a} result={s.result} />}
      {s && !editing && (
        <Card size="small" title="我提交的作业" extra={<Typography.Text type="secondary">{dayjs.unix(s.submit_time).format('MM-DD HH:mm')}</Typography.Text>}>
          {s.text && <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{s.text}</Typography.Paragraph>}
          {s.files.map((f) => <div key={f.url}><PaperClipOutlined /> <a href={f.url} target="_blank" rel="noreferrer">{f.name}</a></div>)}
          {!s.result && <Button style={{ marginTop: 8 }} onClick={() => setEditing(true)}>重新提交</Button>}
        </Card>
      )}
      {a.status === 'open' && (!s || editing) && !s?.result && (
        <SubmitForm assignmentId={a.id} initialText={s?.text ?? ''} onDone={() => setEditing(false)} onCancel={s ? () => setEditing(false) : undefined} />
      )}
    </Space>
  );
}

function Result({ a, result }: { a: MyAssignmentItem; result: NonNullable<NonNullable<MyAssignmentItem['submission']>['result']> }) {
  const rows = a.rubric.map((c) => ({ name: c.name, points: c.points, score: result.scores.find((x) => x.name === c.name)?.score ?? 0 }));
  return (
    <Card size="small" title={<Space>批阅结果<Typography.Text strong style={{ color: '#1677ff' }}>{result.total} / {a.total_points} 分</Typography.Text></Space>}>
      <Table
        size="small" rowKey="name" pagination={false} dataSource={rows}
        columns={[
          { title: '评分项', dataIndex: 'name' },
          { title: '得分', dataIndex: 'score', width: 120, render: (v: number, r) => `${v} / ${r.points}` },
        ]}
      />
      {result.comment && <Typography.Paragraph style={{ marginTop: 12, marginBottom: 0 }}><Typography.Text strong>老师评语：</Typography.Text>{result.comment}</Typography.Paragraph>}
    </Card>
  );
}

interface Picked { uid: string; name: string; url: string }

function SubmitForm({ assignmentId, initialText, onDone, onCancel }: { assignmentId: number; initialText: string; onDone: () => void; onCancel?: (() => void) | undefined }) {
  const submit = useSubmitWork();
  const [text, setText] = useState(initialText);
  const [files, setFiles] = useState<Picked[]>([]);
  const [uploading, setUploading] = useState(0);

  const pick = (file: File) => {
    if (files.length + uploading >= MARKING_LIMITS.files) {
      showWarning(`最多上传 ${MARKING_LIMITS.files} 个文件`);
      return Upload.LIST_IGNORE;
    }
    setUploading((n) => n + 1);
    // The upload needs a signed policy first: never let antd post the file itself.
    void uploadFile(file, { scene: 'file', timeoutMs: LIMITS.timeouts.longCallMs, failMessage: '文件上传失败', accept: (d) => !!d.url })
      .then((d) => setFiles((prev) => [...prev, { uid: `${Date.now()}-${file.name}`, name: file.name, url: d.url! }]))
      .catch(() => {})
      .finally(() => setUploading((n) => n - 1));
    return Upload.LIST_IGNORE;
  };

  const send = () => {
    if (!text.trim() && files.length === 0) {
      showWarning(MARK_MSG.emptySubmission);
      return;
    }
    submit.mutate({ assignment_id: assignmentId, text, files: files.map(({ name, url }) => ({ name, url })) }, {
      onSuccess: (r) => {
        showSuccess(r.late ? '提交成功（已过截止时间，记为迟交）' : MARK_MSG.submitted);
        onDone();
      },
    });
  };

  return (
    <Card size="small" title="提交作业">
      <Input.TextArea rows={5} value={text} maxLength={MARKING_LIMITS.textMax} onChange={(e) => setText(e.target.value)} placeholder="在这里写下你的作业，也可以上传文件或图片" aria-label="作业内容" />
      <Space direction="vertical" style={{ marginTop: 8, width: '100%' }}>
        {files.map((f) => (
          <Space key={f.uid}><PaperClipOutlined />{f.name}<Button type="link" size="small" onClick={() => setFiles((prev) => prev.filter((x) => x.uid !== f.uid))}>移除</Button></Space>
        ))}
        <Space>
          <Upload accept={ACCEPT} showUploadList={false} beforeUpload={pick} multiple>
            <Button icon={<UploadOutlined />} loading={uploading > 0}>上传文件或图片</Button>
          </Upload>
          <Button type="primary" loading={submit.isPending} disabled={uploading > 0} onClick={send}>提交作业</Button>
          {onCancel && <Button onClick={onCancel}>取消</Button>}
        </Space>
      </Space>
    </Card>
  );
}
