import { isTeacherRoleAbove } from '@xueban/contract/roles';
import { ROBOT_ROLE, USE_TYPE } from '@xueban/contract/constants/robots';

/** The copy confirmation tick (spec §4). */
export const COPY_TICK_MS = 1000;

export interface RobotActionState {
  /** 进入操作端: the robot is for student use (use_type 1). */
  operate: boolean;
  /** 入驻: a teacher-level account, teacher use (use_type 2), not yet this robot's teacher nor settled on it. */
  settle: boolean;
  /** 进入控制端: the robot whose console it opens (this one when its teacher, else the copy settled from it); null: not shown. */
  console: number | null;
}

interface ActionRobot {
  id: number;
  role: string;
  extra: { use_type: number[] };
  settled_robot: { id: number } | null;
}

/** Which about-page buttons show (spec §6). Non-teacher accounts never see 入驻; a teacher settles once. */
export function robotActions(robot: ActionRobot, accountRoles: readonly string[]): RobotActionState {
  const useType = robot.extra.use_type ?? [];
  const isTeacher = robot.role === ROBOT_ROLE.TEACHER;
  const teacherLevel = isTeacherRoleAbove(accountRoles);
  const consoleRobot = isTeacher ? robot.id : (robot.settled_robot?.id ?? null);
  return {
    operate: useType.includes(USE_TYPE.STUDENT),
    settle: teacherLevel && useType.includes(USE_TYPE.TEACHER) && consoleRobot === null,
    console: consoleRobot,
  };
}
