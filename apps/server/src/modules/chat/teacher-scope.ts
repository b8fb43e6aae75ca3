// Whom a teacher may see on a robot: the students of the classes they lead there, through teams'
// record service (docs/decisions.md "Teaching (issue 17): the model"). Never a student of a class
// they do not lead, even on the same robot.
import type { Deps } from '../../types.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { LEVELS, loadManaged } from '../robots/robot-access.ts';
import { studentsOfTeams, teamsLedByTeacher } from '../teams/team-records.service.ts';

export interface ScopedStudent { uid: number; truename: string; teamId: number; teamTitle: string }

export interface TeacherScope {
  robotId: number;
  groupId: number;
  teams: { id: number; title: string }[];
  students: Map<number, ScopedStudent>;
}

/**
 * The robot (of the caller's organisation: another's is a 404; held without the teams level: 403)
 * and the classes and students the caller leads on it.
 */
export async function teacherScope(deps: Deps, me: AuthContext, robotId: number): Promise<TeacherScope> {
  const { view } = await loadManaged(deps.db, me, robotId, LEVELS.teams);
  const teams = await teamsLedByTeacher(deps.db, me.userId, robotId);
  const titles = new Map(teams.map((t) => [t.id, t.title]));
  const students = new Map<number, ScopedStudent>();
  for (const s of await studentsOfTeams(deps.db, teams.map((t) => t.id))) {
    students.set(s.userId, { uid: s.userId, truename: s.truename, teamId: s.teamId, teamTitle: titles.get(s.teamId) ?? '' });
  }
  return { robotId, groupId: view.robot.groupId, teams: teams.map((t) => ({ id: t.id, title: t.title })), students };
}
