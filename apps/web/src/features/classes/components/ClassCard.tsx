import { useState } from 'react';
import { Button, Card, Descriptions, Flex, Input, InputNumber, Popconfirm, Space, Tag, Typography } from 'antd';
import type { ClassInfo } from '@xueban/contract/classes';
import { useUserInfo } from '../../../lib/session.ts';
import { exportRoster } from '../api/export-roster.ts';
import { postNotice, setClassQuota } from '../api/manage-class.ts';
import { deleteClass, leaveClass } from '../api/team-calls.ts';
import { useClassAction } from '../hooks/use-class-action.ts';
import { AddMembersForm } from './AddMembersForm.tsx';
import { ClassInviteBox } from './ClassInviteBox.tsx';
import { ClassRoster } from './ClassRoster.tsx';

/** The class-wide daily question quota: a number, or 不限 when cleared. */
function QuotaEditor({ cls }: { cls: ClassInfo }) {
  const [value, setValue] = useState<number | null>(cls.daily_quota);
  const { busy, run } = useClassAction();
  return (
    <Space.Compact size="small">
      <InputNumber
        min={1} max={1000} precision={0} value={value} placeholder="不限" aria-label="班级每日提问次数"
        onChange={(v) => setValue(typeof v === 'number' ? v : null)} style={{ width: 110 }} addonAfter="次/天"
      />
      <Button loading={busy === 'quota'} onClick={() => void run('quota', () => setClassQuota(cls.id, value), '每日提问次数已保存')}>保存</Button>
    </Space.Compact>
  );
}

/** 发布班级通知: a short notice to the class's news (the students' 动态 tab). */
function NoticeForm({ cls }: { cls: ClassInfo }) {
  const [text, setText] = useState('');
  const { busy, run } = useClassAction();
  const send = async () => {
    if (await run('notice', () => postNotice(cls.id, text.trim()), '通知已发布')) setText('');
  };
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        value={text} maxLength={200} placeholder="输入通知内容，学生在「动态」里看到" aria-label="班级通知内容"
        onChange={(e) => setText(e.target.value)} onPressEnter={() => text.trim() && void send()}
      />
      <Button type="primary" disabled={!text.trim()} loading={busy === 'notice'} onClick={() => void send()}>发布班级通知</Button>
    </Space.Compact>
  );
}

/** One class in the console's member tab: who teaches it, its invite, quota, notice, roster and actions. */
export function ClassCard({ cls, siblings }: { cls: ClassInfo; siblings: ClassInfo[] }) {
  const me = useUserInfo().data;
  const { busy, run } = useClassAction();
  const owner = me?.uid === cls.owner.uid;
  const teachers = [cls.owner, ...cls.co_teachers].map((t) => t.truename || `用户 ${t.uid}`).join('、');
  return (
    <Card
      data-testid={`class-card-${cls.id}`}
      title={<Space><span>{cls.title}</span><Tag color="green">{cls.student_count} / {cls.team_size} 名学生</Tag></Space>}
      extra={(
        <Space>
          <Button size="small" loading={busy === 'export'} onClick={() => void run('export', async () => {
            if (!(await exportRoster(cls.id))) throw new Error('export failed');
          }, '花名册已导出')}
          >
            导出花名册
          </Button>
          {owner ? (
            <Popconfirm title={`确定删除班级「${cls.title}」？学生将被移出班级`} onConfirm={() => run('delete', () => deleteClass(cls.id), '班级已删除')}>
              <Button size="small" danger>删除班级</Button>
            </Popconfirm>
          ) : cls.co_teachers.some((t) => t.uid === me?.uid) && (
            <Popconfirm title={`确定退出班级「${cls.title}」？`} onConfirm={() => run('leave', () => leaveClass(cls.id), '已退出班级')}>
              <Button size="small">退出班级</Button>
            </Popconfirm>
          )}
        </Space>
      )}
    >
      <Flex vertical gap={16}>
        <Descriptions size="small" column={{ xs: 1, md: 2 }} items={[
          { key: 'teachers', label: '老师', children: teachers },
          { key: 'quota', label: '每日提问次数', children: <QuotaEditor key={cls.daily_quota ?? 0} cls={cls} /> },
          { key: 'invite', label: '邀请学生', span: 2, children: <ClassInviteBox cls={cls} /> },
          { key: 'add', label: '添加学生', span: 2, children: <AddMembersForm cls={cls} /> },
        ]}
        />
        <NoticeForm cls={cls} />
        <div>
          <Typography.Title level={5} style={{ marginTop: 0 }}>花名册</Typography.Title>
          <ClassRoster cls={cls} siblings={siblings} />
        </div>
      </Flex>
    </Card>
  );
}
