import { useCallback, useEffect } from 'react';
import { Spin } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { Code } from '@xueban/contract/codes';
import { MSG } from '@xueban/contract/messages';
import { AreaFrame } from '../../components/AreaFrame.tsx';
import { pathTo } from '../../app/paths.ts';
import { ApiError, showError } from '../../lib/api.ts';
import { useRobotDesign } from '../../features/robots/api/get-robot-design.ts';
import { MembersTab } from '../../features/robots/components/manage/MembersTab.tsx';
import { DesignTab } from '../../features/robots/components/manage/DesignTab.tsx';
import { ReleaseTab } from '../../features/robots/components/manage/ReleaseTab.tsx';
import { SettingTab } from '../../features/robots/components/manage/SettingTab.tsx';
import { StatsTab } from '../../features/robots/components/manage/StatsTab.tsx';
import { RobotAvatar } from '../../features/robots/components/RobotAvatar.tsx';

/**
 * /robot/manage/{robotId}/{tab}: design, stats, release, member, setting (spec §2). An unknown
 * robot shows 机器人不存在 and goes back; a caller without a management role goes to /no-permission.
 */
/** Back where the user came from; a page opened directly goes to /creator instead (no history to return to). */
function useGoBack() {
  const navigate = useNavigate();
  return useCallback(() => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(pathTo('creator'), { replace: true });
  }, [navigate]);
}

export default function RobotManagePage() {
  const { robotId, tab = 'design' } = useParams();
  const id = Number(robotId);
  const navigate = useNavigate();
  const goBack = useGoBack();
  const design = useRobotDesign(id);
  const error = design.error;

  useEffect(() => {
    if (!(error instanceof ApiError)) return;
    if (error.code === Code.FORBIDDEN) navigate(pathTo('no-permission'), { replace: true });
    else if (error.code === Code.NOT_FOUND) goBack();
  }, [error, navigate, goBack]);
  useEffect(() => {
    if (!Number.isInteger(id) || id <= 0) {
      showError(MSG.robotNotFound);
      goBack();
    }
  }, [id, goBack]);

  const robot = design.data;
  return (
    <AreaFrame name="robot-manage-design" extra={robot && <span style={{ display: 'flex', alignItems: 'center', gap: 8 }}><RobotAvatar src={robot.avatar} size={32} /> {robot.name}</span>}>
      {!robot ? <Spin style={{ display: 'block', margin: 48 }} />
        : tab === 'stats' ? <StatsTab id={id} />
          : tab === 'release' ? <ReleaseTab robot={robot} />
            : tab === 'setting' ? <SettingTab robot={robot} />
              : tab === 'member' ? <MembersTab robot={robot} />
                : <DesignTab robot={robot} />}
    </AreaFrame>
  );
}
