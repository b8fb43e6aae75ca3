import { useEffect } from 'react';
import { Avatar, Button, Flex, Spin, Typography, message } from 'antd';
import { ArrowLeftOutlined, RobotOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { LIMITS } from '@xueban/contract/limits';
import { MSG } from '@xueban/contract/messages';
import { pathTo } from '../../app/paths.ts';
import { robotDetailQueryOptions } from '../../features/robot-join/api/get-robot-detail.ts';
import { RobotActions } from '../../features/robot-join/components/RobotActions.tsx';
import { RobotInfoPanel } from '../../features/robot-join/components/RobotInfoPanel.tsx';
import { ChatSlot } from '../../features/chat/components/ChatSlot.tsx';
import { TeamInviteDialog } from '../../features/robot-join/components/TeamInviteDialog.tsx';

/**
 * /robot/about/{robot_id} (spec §2): header, the chat slot on the left and the 400 px panel on
 * the right. With ?invite_code the team invite dialogue opens. An unknown robot shows
 * 机器人不存在 (the request layer's toast) and goes back to the list, or home from=recommend.
 */
export default function RobotAboutPage() {
  const navigate = useNavigate();
  const { robot_id } = useParams();
  const [search, setSearch] = useSearchParams();
  const id = Number(robot_id);
  const valid = Number.isInteger(id) && id > 0;
  const from = search.get('from');
  const inviteCode = search.get('invite_code')?.trim() ?? '';
  const robot = useQuery({ ...robotDetailQueryOptions(id), enabled: valid });
  const listPath = pathTo(from === 'recommend' ? 'home' : 'robotList');
  const leave = () => void navigate(listPath, { replace: true });

  useEffect(() => {
    if (valid && !robot.isError) return;
    // The request layer has already shown the server's 机器人不存在; a malformed id never asked it.
    if (!valid) void message.error(MSG.robotNotFound, LIMITS.timeouts.toastMs / 1000);
    void navigate(listPath, { replace: true });
  }, [valid, robot.isError, navigate, listPath]);

  const dropInvite = () => {
    const next = new URLSearchParams(search);
    next.delete('invite_code');
    if (next.get('from') === 'invite') next.delete('from');
    setSearch(next, { replace: true });
  };

  const back = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else leave();
  };

  const data = robot.data;
  return (
    <Flex vertical style={{ height: '100%', minHeight: 'calc(100vh - 64px)', background: '#fff' }}>
      <Flex align="center" gap={12} style={{ padding: '12px 16px', borderBottom: '1px solid #f0f0f0' }}>
        <Button type="text" icon={<ArrowLeftOutlined />} onClick={back} aria-label="返回" />
        {data && <Avatar size={32} src={data.avatar || undefined} icon={<RobotOutlined />} />}
        <Typography.Title level={5} style={{ margin: 0 }}>{data?.name ?? ''}</Typography.Title>
      </Flex>
      {!data ? (
        <Flex flex={1} align="center" justify="center"><Spin /></Flex>
      ) : (
        <Flex flex={1} style={{ minHeight: 0 }}>
          {/* The header row is 57 px: the chat below fills the rest of the screen. */}
          <Flex vertical flex={1} style={{ minWidth: 0, height: 'calc(100vh - 64px - 57px)' }}>
            <ChatSlot robot={data} />
          </Flex>
          <RobotInfoPanel robot={data} templateMode={from === 'template' || !!data.is_template} actions={<RobotActions robot={data} />} />
        </Flex>
      )}
      {valid && inviteCode && <TeamInviteDialog inviteCode={inviteCode} robotId={id} onDone={dropInvite} />}
    </Flex>
  );
}
