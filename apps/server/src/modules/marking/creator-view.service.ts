import type { Deps } from '../../types.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { findTeam, type TeamRow } from '../teams/team-records.service.ts';
import { LEVELS, loadManaged } from '../robots/robot-access.ts';
import { copiesInGroup } from '../robots/robot-records.service.ts';
import { assignmentsOfRobots } from './marking.repo.ts';
import { describeAssignments } from './assignments.service.ts';

/**
 * The creator's view of AI marking on a robot (/creator/robot/{rid} tab AI 批阅, issue 20):
 * read-only, the assignments teachers set on this robot and its copies in the organisation, with
 * the counts the reading desk shows. Nothing a student handed in is shown here.
 */
export async function creatorMarkingView(deps: Deps, me: AuthContext, robotId: number) {
  const { view } = await loadManaged(deps.db, me, robotId, LEVELS.edit);
  const groupId = view.robot.groupId;
  const robotIds = [robotId, ...(await copiesInGroup(deps.db, robotId, groupId))];
  const rows = await assignmentsOfRobots(deps.db, groupId, robotIds);
  const teams: TeamRow[] = [];
  for (const id of new Set(rows.map((r) => r.teamId))) {
    const team = await findTeam(deps.db, id);
    if (team) teams.push(team);
  }
  return describeAssignments(deps.db, rows, teams);
}
