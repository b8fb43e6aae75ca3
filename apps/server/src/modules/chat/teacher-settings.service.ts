// A teacher's own instructions and tutoring mode on a robot (the console's setting tab). They apply
// to the students of the classes that teacher leads there (teaching-prompt.ts).
import type { TeacherSetting, TutoringMode } from '@xueban/contract/teaching-console';
import type { Deps } from '../../types.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { LEVELS, loadManaged } from '../robots/robot-access.ts';
import * as repo from './teaching.repo.ts';

export async function teacherSetting(deps: Deps, me: AuthContext, robotId: number): Promise<TeacherSetting> {
  await loadManaged(deps.db, me, robotId, LEVELS.teams);
  const row = await repo.findSetting(deps.db, robotId, me.userId);
  return { instructions: row?.instructions ?? '', tutoring_mode: row?.tutoringMode ?? 'direct' };
}

export async function saveTeacherSetting(
  deps: Deps, me: AuthContext, b: { robot_id: number; instructions: string; tutoring_mode: TutoringMode },
): Promise<TeacherSetting> {
  const { view } = await loadManaged(deps.db, me, b.robot_id, LEVELS.teams);
  const row = await repo.upsertSetting(deps.db, {
    robotId: b.robot_id, teacherId: me.userId, groupId: view.robot.groupId, instructions: b.instructions, tutoringMode: b.tutoring_mode,
  });
  return { instructions: row.instructions, tutoring_mode: row.tutoringMode };
}
