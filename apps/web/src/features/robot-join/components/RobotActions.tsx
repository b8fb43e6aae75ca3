import { useCallback, useState } from 'react';
import { Button, message } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Code } from '@xueban/contract/codes';
import { LIMITS } from '@xueban/contract/limits';
import { MSG } from '@xueban/contract/messages';
import { pathTo } from '../../../app/paths.ts';
import { ProgressPopup } from '../../../components/ProgressPopup.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useUserInfo } from '../../../lib/session.ts';
import type { CopiedRobot, RobotDetail } from '@xueban/contract/robots';
import { settleRobot } from '../api/copy-class-robot.ts';
import { robotDetailKey } from '../api/get-robot-detail.ts';
import { joinRobot } from '../api/join-robot.ts';
import { saveUsedRobot, usedRobotsKey } from '../../../lib/queries/used-robots.ts';
import { robotActions } from '../lib/robot-actions.ts';
import { TeamCreateDialog } from './TeamCreateDialog.tsx';

const SUCCESS_SECONDS = LIMITS.timeouts.successToastMs / 1000;
/** Errors the request layer did not toast (an abort) still need 加入失败. */
const toasted = (err: unknown) => err instanceof ApiError && err.kind !== 'aborted' && err.kind !== 'silent';

/**
 * The about-page buttons of spec §6: 进入操作端 (join, then the chat with the robot), 入驻 (once:
 * a copy the teacher runs) and 进入控制端 (the console of this robot, or of the copy settled from it).
 */
export function RobotActions({ robot }: { robot: RobotDetail }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user } = useUserInfo();
  const [joining, setJoining] = useState(false);
  const [settling, setSettling] = useState(false);
  const [copy, setCopy] = useState<CopiedRobot | null>(null);
  const [teamFor, setTeamFor] = useState<CopiedRobot | null>(null);
  const shown = robotActions(robot, user?.roles ?? []);
  const consoleId = shown.console;

  /** Using the robot moves it to the top of 最近使用 (best effort, never blocks). */
  const markUsed = () => {
    void saveUsedRobot(robot.id).then(() => queryClient.invalidateQueries({ queryKey: usedRobotsKey }), () => undefined);
  };
  /** The operator side (spec §2 dialogueIndex): the chat with this robot. */
  const openOperator = () => {
    markUsed();
    void navigate(pathTo('dialogueIndex', {}, { dialogueRid: robot.id }));
  };

  /** 进入操作端: joins as a student when not yet joined, then opens the chat with the robot. */
  const operate = async () => {
    if (robot.role) {
      openOperator();
      return;
    }
    if (!user) return;
    setJoining(true);
    try {
      await joinRobot(robot.id, user.uid);
      void message.success(MSG.joined, SUCCESS_SECONDS);
      void queryClient.invalidateQueries({ queryKey: robotDetailKey(robot.id) });
      openOperator();
    } catch (err) {
      if (!toasted(err)) void message.error(MSG.joinFailed, LIMITS.timeouts.toastMs / 1000);
    } finally {
      setJoining(false);
    }
  };

  const settle = async () => {
    setCopy(null);
    setSettling(true);
    try {
      setCopy(await settleRobot(robot));
      // This robot now offers 进入控制端 (its detail names the copy).
      void queryClient.invalidateQueries({ queryKey: robotDetailKey(robot.id) });
    } catch (err) {
      setSettling(false);
      // Settled already (the server names the copy, its 409 toast says so): the button becomes 进入控制端.
      if (err instanceof ApiError && err.code === Code.CONFLICT) void queryClient.invalidateQueries({ queryKey: robotDetailKey(robot.id) });
    }
  };

  const settled = useCallback(() => {
    setSettling(false);
    setTeamFor(copy);
  }, [copy]);

  return (
    <>
      {shown.operate && (
        <Button type="primary" size="large" block loading={joining} disabled={!!robot.is_close} onClick={() => void operate()}>
          进入操作端
        </Button>
      )}
      {robot.role && <div style={{ textAlign: 'center', color: '#52c41a' }}>{MSG.alreadyJoinedRobot}</div>}
      {shown.settle && <Button size="large" block onClick={() => void settle()}>入驻</Button>}
      {consoleId !== null && (
        <Button size="large" block onClick={() => void navigate(pathTo('teacher-console', { robotId: consoleId }))}>进入控制端</Button>
      )}
      <ProgressPopup open={settling} done={!!copy} onFinished={settled} title="正在入驻" label="入驻进度" hint="正在为您复制机器人，请稍候…" />
      {teamFor && (
        <TeamCreateDialog
          robotId={teamFor.id}
          open
          onClose={() => {
            setTeamFor(null);
            void navigate(pathTo('robot-about', { robot_id: teamFor.id }));
          }}
        />
      )}
    </>
  );
}
