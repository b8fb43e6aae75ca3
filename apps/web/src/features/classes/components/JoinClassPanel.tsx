import { useState } from 'react';
import { Avatar, Button, Card, Descriptions, Flex, Input, Result, Spin, Typography, message } from 'antd';
import { RobotOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { LIMITS } from '@xueban/contract/limits';
import { MSG } from '@xueban/contract/messages';
import { pathTo } from '../../../app/paths.ts';
import { ApiError } from '../../../lib/api.ts';
import { saveUsedRobot, usedRobotsKey } from '../../../lib/queries/used-robots.ts';
import { acceptInvite, checkInvite } from '../api/join-class.ts';
import { codeFromInput } from '../lib/class-format.ts';

/** 输入邀请码: a code typed by hand (or pasted link) goes into the page's join_room_code. */
function CodeForm({ initial }: { initial?: string | undefined }) {
  const [, setSearch] = useSearchParams();
  const [code, setCode] = useState(initial ?? '');
  const submit = () => {
    const next = codeFromInput(code);
    if (next) setSearch({ join_room_code: next });
  };
  return (
    <Flex gap={8}>
      <Input
        value={code} maxLength={200} placeholder="输入老师给的邀请码" aria-label="邀请码"
        onChange={(e) => setCode(e.target.value)} onPressEnter={submit}
      />
      <Button type="primary" onClick={submit} disabled={!code.trim()}>查看班级</Button>
    </Flex>
  );
}

/**
 * /studentPanel/{id}?join_room_code=…: the class an invite code names — class, robot and
 * teacher — and 加入, which joins the class (and the robot) and opens the robot's chat. A code
 * can also be typed by hand. The checks are the invite flow's (下架, 停用, 已加入, 其他团队, 失效).
 */
export function JoinClassPanel({ robotId, joinRoomCode }: { robotId?: number | undefined; joinRoomCode?: string | undefined }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [joining, setJoining] = useState(false);
  const code = joinRoomCode?.trim() ?? '';
  const invite = useQuery({
    queryKey: ['ai', 'RobotTeam', 'checkRobotTeamInvite', code],
    queryFn: ({ signal }) => checkInvite(code, signal),
    enabled: !!code, retry: false, staleTime: 0,
  });
  const openChat = (rid: number) => void navigate(pathTo('dialogueIndex', {}, { dialogueRid: rid }));

  const join = async () => {
    setJoining(true);
    try {
      const res = await acceptInvite(code);
      void message.success('已加入班级', LIMITS.timeouts.successToastMs / 1000);
      // The robot goes to the top of 最近使用, so the student finds it again in the sidebar.
      await saveUsedRobot(res.robot_id).then(() => queryClient.invalidateQueries({ queryKey: usedRobotsKey }), () => undefined);
      openChat(res.robot_id);
    } catch {
      // The request layer has shown why.
    } finally {
      setJoining(false);
    }
  };

  let body;
  if (!code) body = <Typography.Paragraph type="secondary">请输入老师提供的邀请码，或打开老师分享的邀请链接。</Typography.Paragraph>;
  else if (invite.isLoading) body = <Spin />;
  else if (invite.isError || !invite.data) {
    const msg = invite.error instanceof ApiError ? invite.error.message : MSG.requestFailed;
    const joined = msg === MSG.alreadyJoinedRobot;
    body = (
      <Result
        status={joined ? 'info' : 'warning'} title={msg}
        extra={joined && robotId ? <Button type="primary" onClick={() => openChat(robotId)}>进入对话</Button> : undefined}
      />
    );
  } else {
    const d = invite.data;
    body = (
      <Flex vertical gap={16}>
        <Flex gap={16} align="center">
          <Avatar size={64} src={d.robot.avatar || undefined} icon={<RobotOutlined />} />
          <div>
            <Typography.Title level={4} style={{ margin: 0 }}>{d.team.title}</Typography.Title>
            <Typography.Text type="secondary">{d.group_name}</Typography.Text>
          </div>
        </Flex>
        <Descriptions column={1} size="small" bordered items={[
          { key: 'robot', label: '机器人', children: d.robot.name },
          { key: 'teacher', label: '老师', children: d.inviter.truename || `用户 ${d.inviter.uid}` },
          { key: 'count', label: '班级人数', children: `${d.team.member_count} / ${d.team.team_size}` },
          ...(d.robot.info ? [{ key: 'info', label: '简介', children: d.robot.info }] : []),
        ]}
        />
        <Button type="primary" size="large" loading={joining} onClick={() => void join()} data-testid="join-class">加入</Button>
      </Flex>
    );
  }

  return (
    <Flex justify="center">
      <Card title="加入班级" style={{ width: '100%', maxWidth: 520 }}>
        <Flex vertical gap={16}>
          {body}
          <CodeForm key={code} initial={code} />
        </Flex>
      </Card>
    </Flex>
  );
}
