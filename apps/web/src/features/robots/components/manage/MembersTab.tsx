import { useState } from 'react';
import { Avatar, Button, Form, InputNumber, Popconfirm, Table, Tag, message, type TableColumnsType } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { MSG } from '@xueban/contract/messages';
import { addCooperator, robotMembersKey, unbindMember, useRobotMembers } from '../../api/robot-members.ts';
import type { RobotDesign, RobotMember } from '@xueban/contract/robots';

const ROLE_TAGS: Record<string, [label: string, color: string]> = {
  creator: ['创建者', 'gold'],
  cooperator: ['协作者', 'blue'],
  teacher: ['教师', 'green'],
  user: ['学生', 'default'],
};

/**
 * The manage page's 成员 tab: everyone holding a role on the robot with a role tag. The creator
 * adds a cooperator (a colleague's user ID: a teacher or creator of this organisation) and removes
 * anyone but the creator.
 */
export function MembersTab({ robot }: { robot: RobotDesign }) {
  const queryClient = useQueryClient();
  const members = useRobotMembers(robot.id);
  const isOwner = robot.manage_role === 'creator';
  const [uid, setUid] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: robotMembersKey(robot.id) });

  const add = async () => {
    if (!uid) return;
    setAdding(true);
    try {
      await addCooperator(robot.id, uid);
      void message.success(MSG.done);
      setUid(null);
      await refresh();
    } catch {
      // the request layer has shown the server's reason
    } finally {
      setAdding(false);
    }
  };

  const remove = async (m: RobotMember) => {
    await unbindMember(robot.id, m.uid);
    void message.success(MSG.deleted);
    await refresh();
  };

  const columns: TableColumnsType<RobotMember> = [
    {
      title: '成员', dataIndex: 'truename',
      render: (_, m) => <span><Avatar size={24} src={m.avatar || undefined} icon={<UserOutlined />} style={{ marginRight: 8 }} />{m.truename}</span>,
    },
    { title: '用户 ID', dataIndex: 'uid', width: 100 },
    {
      title: '角色', dataIndex: 'role', width: 100,
      render: (role: string) => { const [label, color] = ROLE_TAGS[role] ?? [role, 'default']; return <Tag color={color}>{label}</Tag>; },
    },
    { title: '团队', dataIndex: 'team_title', render: (t: string) => t || '—' },
    { title: '加入时间', dataIndex: 'join_time', width: 180, render: (t: number) => new Date(t * 1000).toLocaleString('zh-CN') },
    ...(isOwner ? [{
      title: '操作', key: 'op', width: 90,
      render: (_: unknown, m: RobotMember) => m.role === 'creator' ? null : (
        <Popconfirm title={`确定移除 ${m.truename}？`} okText="移除" cancelText="取消" onConfirm={() => remove(m)}>
          <Button type="link" danger size="small">移除</Button>
        </Popconfirm>
      ),
    }] : []),
  ];

  return (
    <div aria-label="成员">
      {isOwner && (
        <Form layout="inline" style={{ marginBottom: 16 }} onFinish={() => void add()}>
          <Form.Item label="添加协作者" tooltip="填写本组织教师或创作者的用户 ID">
            <InputNumber aria-label="协作者用户 ID" placeholder="用户 ID" min={1} precision={0} value={uid} onChange={(v) => setUid(v)} style={{ width: 160 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={adding} disabled={!uid}>添加</Button>
        </Form>
      )}
      <Table rowKey="uid" size="middle" loading={members.isPending} columns={columns} dataSource={members.data?.data ?? []} pagination={false} />
    </div>
  );
}
