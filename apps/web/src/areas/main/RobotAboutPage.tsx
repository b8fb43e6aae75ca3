import { lazy, Suspense, useEffect, useState } from 'react';
import { Avatar, Button, Flex, Spin, Typography, message } from 'antd';
import { ArrowLeftOutlined, InfoCircleOutlined, RobotOutlined } from '@ant-design/icons';
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
import { useMediaQuery } from '../../lib/use-media-query.ts';

// Only narrow screens open it: it loads on first use.
const Drawer = lazy(() => import('antd/es/drawer'));

/**
 * From lg (1024 px, spec §9) the 400 px panel stands beside the chat; below, beside a 96 px
 * sidebar or on a phone, it would leave the chat a sliver, so it opens over the chat instead.
 */
const PANEL_BESIDE_QUERY = '(min-width: 1024px)';

/**
 * /robot/about/{robot_id} (spec §2): header, the chat slot on the left and the 400 px panel on
 * the right; on a narrower screen the chat takes the width and 机器人信息 in the header opens the
 * panel in a drawer. With ?invite_code the team invite dialogue opens. An unknown robot shows
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
  const beside = useMediaQuery(PANEL_BESIDE_QUERY);
  // null until first opened, so the drawer's code loads only for someone who opens it.
  const [infoOpen, setInfoOpen] = useState<boolean | null>(null);
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
  const panel = (inDrawer: boolean) => data && (
    <RobotInfoPanel robot={data} templateMode={from === 'template' || !!data.is_template} actions={<RobotActions robot={data} />} inDrawer={inDrawer} />
  );
  return (
    // The window below the header and any banner (app.css): the chat's input stays on screen.
    <Flex vertical className="page-fill" style={{ background: '#fff' }}>
      <Flex align="center" gap={12} style={{ flex: 'none', padding: '12px 16px', borderBottom: '1px solid #f0f0f0' }}>
        <Button type="text" icon={<ArrowLeftOutlined />} onClick={back} aria-label="返回" />
        {data && <Avatar size={32} src={data.avatar || undefined} icon={<RobotOutlined />} />}
        <Typography.Title level={5} ellipsis style={{ margin: 0, flex: 1, minWidth: 0 }}>{data?.name ?? ''}</Typography.Title>
        {data && !beside && (
          <Button icon={<InfoCircleOutlined />} aria-expanded={!!infoOpen} onClick={() => setInfoOpen(true)}>机器人信息</Button>
        )}
      </Flex>
      {!data ? (
        <Flex flex={1} align="center" justify="center"><Spin /></Flex>
      ) : (
        <Flex flex={1} style={{ minHeight: 0 }}>
          <Flex vertical flex={1} style={{ minWidth: 0 }}>
            <ChatSlot robot={data} />
          </Flex>
          {beside && panel(false)}
        </Flex>
      )}
      {infoOpen !== null && (
        <Suspense fallback={null}>
          <Drawer
            open={infoOpen && !beside}
            title="机器人信息"
            placement="right"
            size="min(400px, 100vw)"
            onClose={() => setInfoOpen(false)}
          >
            {panel(true)}
          </Drawer>
        </Suspense>
      )}
      {valid && inviteCode && <TeamInviteDialog inviteCode={inviteCode} robotId={id} onDone={dropInvite} />}
    </Flex>
  );
}
