import { useCallback, useEffect, type ReactNode } from 'react';
import { Spin } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { Code } from '@xueban/contract/codes';
import { MSG } from '@xueban/contract/messages';
import { AreaFrame } from '../../../../components/AreaFrame.tsx';
import { pathTo } from '../../../../app/paths.ts';
import { ApiError, showError } from '../../../../lib/api.ts';
import { useRobotDesign } from '../../api/get-robot-design.ts';
import type { RobotDesign } from '@xueban/contract/robots';
import { decideTab, tabsOf } from '../../lib/manage-tabs.ts';
import { RobotAvatar } from '../RobotAvatar.tsx';

/** The robot management pages (creator side, and the back offices' robot detail); all are `…/:tab?` routes. */
export type ManagePageName = 'robot-manage-design' | 'creator-robot' | 'admin-robot-detail' | 'group-robot-detail';

/**
 * Where a missing robot sends the user: from /robot/manage, the teaching space's robots (spec §6
 * "Missing robot: 机器人不存在, then back to teaching-space robots"); from the creator page, back
 * where they came from, or /creator when opened directly.
 */
function useLeaveMissing(name: ManagePageName) {
  const navigate = useNavigate();
  return useCallback(() => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (name === 'robot-manage-design') void navigate(pathTo('teachingSpace', { tab: 'robot' }), { replace: true });
    else if (name === 'admin-robot-detail') void navigate(pathTo('admin-official-robot'), { replace: true });
    else if (name === 'group-robot-detail') void navigate(pathTo('group-official-robot'), { replace: true });
    else if (idx > 0) void navigate(-1);
    else void navigate(pathTo('creator'), { replace: true });
  }, [navigate, name]);
}

/**
 * One robot's management page: loads the robot as its managers see it and shows the tabs its
 * management role may see (lib/manage-tabs.ts). An unknown robot shows 机器人不存在 and leaves;
 * no management role goes to /no-permission; a tab the role may not see goes to its first tab.
 * `panels` renders each tab of the route.
 */
export function RobotManageFrame({ name, robotId, panels, controlLink = false }: {
  name: ManagePageName;
  robotId: string | undefined;
  panels: Record<string, (robot: RobotDesign) => ReactNode>;
  /** The link to the control side (spec §2, /robot/manage). */
  controlLink?: boolean;
}) {
  const params = useParams();
  const id = Number(robotId);
  const navigate = useNavigate();
  const leaveMissing = useLeaveMissing(name);
  const design = useRobotDesign(id);
  const error = design.error;
  const robot = design.data;
  const decision = robot ? decideTab(tabsOf(name), robot.manage_role, params.tab) : null;

  useEffect(() => {
    if (!(error instanceof ApiError)) return;
    if (error.code === Code.FORBIDDEN) void navigate(pathTo('no-permission'), { replace: true });
    else if (error.code === Code.NOT_FOUND) leaveMissing();
  }, [error, navigate, leaveMissing]);
  useEffect(() => {
    if (!Number.isInteger(id) || id <= 0) {
      showError(MSG.robotNotFound);
      leaveMissing();
    }
  }, [id, leaveMissing]);
  const elsewhere = decision?.kind === 'no-permission' ? pathTo('no-permission')
    : decision?.kind === 'redirect' ? pathTo(name, { ...params, tab: decision.tab }) : null;
  useEffect(() => {
    if (elsewhere) void navigate(elsewhere, { replace: true });
  }, [elsewhere, navigate]);

  const header = robot && (
    <span style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
      <RobotAvatar src={robot.avatar} size={32} /> {robot.name}
      {controlLink && <Link to={pathTo('teacher-console', { robotId: robot.id })} style={{ marginLeft: 16 }}>进入控制端</Link>}
    </span>
  );
  return (
    <AreaFrame name={name} extra={header} tabKeys={decision?.kind === 'show' ? decision.tabs : []}>
      {robot && decision?.kind === 'show' ? panels[decision.tab]?.(robot) : <Spin style={{ display: 'block', margin: 48 }} />}
    </AreaFrame>
  );
}
