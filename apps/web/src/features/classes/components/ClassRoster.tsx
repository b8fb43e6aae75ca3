import { Button, InputNumber, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { ClassInfo, RosterMember } from '@xueban/contract/classes';
import { classRosterQuery } from '../api/class-roster.ts';
import { moveMember, setMemberQuota } from '../api/manage-class.ts';
import { changeRole, removeMember } from '../api/team-calls.ts';
import { useClassAction } from '../hooks/use-class-action.ts';
import { dateTime } from '../lib/class-format.ts';

/**
 * A class's roster: each member's name, account, role, join time and questions today (against
 * their quota), with a student's own quota, 转班 to another class of the robot, role and 移除.
 */
export function ClassRoster({ cls, siblings }: { cls: ClassInfo; siblings: ClassInfo[] }) {
  const roster = useQuery(classRosterQuery(cls.id));
  const { busy, run } = useClassAction();
  const others = siblings.filter((c) => c.id !== cls.id);

  const columns = [
    { title: '姓名', dataIndex: 'truename', render: (v: string, m: RosterMember) => v || `用户 ${m.uid}` },
    { title: '账号', dataIndex: 'account' },
    {
      title: '角色', dataIndex: 'role',
      render: (v: string) => (v === 'teacher' ? <Tag color="blue">老师</Tag> : <Tag>学生</Tag>),
    },
    { title: '加入时间', dataIndex: 'join_time', render: (v: number) => dateTime(v) },
    {
      title: '今日提问', dataIndex: 'asked_today',
      render: (v: number, m: RosterMember) => {
        const quota = m.role === 'student' ? m.daily_quota ?? cls.daily_quota : null;
        return <span data-testid={`asked-${m.uid}`}>{quota ? `${v} / ${quota}` : v}</span>;
      },
    },
    {
      title: '个人每日限额', dataIndex: 'daily_quota',
      render: (v: number | null, m: RosterMember) => m.role !== 'student' ? '—' : (
        <InputNumber
          key={`${m.uid}-${v}`} size="small" min={1} max={1000} precision={0} placeholder="随班级" defaultValue={v ?? undefined}
          aria-label={`${m.truename} 的每日限额`} style={{ width: 96 }}
          onBlur={(e) => {
            const raw = e.target.value.trim();
            const next = raw ? Number(raw) : null;
            if (next === v || (next !== null && !(next >= 1 && next <= 1000))) return;
            void run(`quota-${m.uid}`, () => setMemberQuota(cls.id, m.uid, next), '已保存');
          }}
        />
      ),
    },
    {
      title: '操作', key: 'actions',
      render: (_: unknown, m: RosterMember) => (
        <Space size={4} wrap>
          {m.role === 'student' && others.length > 0 && (
            <Select
              size="small" placeholder="转班" style={{ width: 110 }} aria-label={`把 ${m.truename} 转到`}
              options={others.map((c) => ({ value: c.id, label: c.title }))}
              value={null}
              onChange={(to: number) => void run(`move-${m.uid}`, () => moveMember(cls.id, m.uid, to), '已转班')}
            />
          )}
          {m.uid !== cls.owner.uid && (
            <Button
              size="small" type="link" loading={busy === `role-${m.uid}`}
              onClick={() => void run(`role-${m.uid}`, () => changeRole(cls.id, m.uid, m.role === 'teacher' ? 'student' : 'teacher'))}
            >
              {m.role === 'teacher' ? '设为学生' : '设为老师'}
            </Button>
          )}
          <Popconfirm title={`确定将 ${m.truename || '该成员'} 移出班级？`} onConfirm={() => run(`remove-${m.uid}`, () => removeMember(cls.id, m.uid), '已移除')}>
            <Button size="small" type="link" danger loading={busy === `remove-${m.uid}`}>移除</Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Table<RosterMember>
      size="small" rowKey="uid" loading={roster.isLoading} pagination={false}
      dataSource={roster.data?.members ?? []} columns={columns}
      locale={{ emptyText: <Typography.Text type="secondary">还没有学生加入，把邀请链接发给学生吧</Typography.Text> }}
      scroll={{ x: 760 }}
    />
  );
}
