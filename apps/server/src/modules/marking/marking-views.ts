import type { AssignmentItem, MyAssignmentItem, SubmissionItem } from '@xueban/contract/marking';
import type { CriterionScore } from '../../db/schema/marking.ts';
import { toSeconds } from '../../lib/time.ts';
import type { AssignmentRow, SubmissionRow } from './marking.repo.ts';

// Rows as the client reads them (the response schemas strip anything else).

export const totalPoints = (a: Pick<AssignmentRow, 'rubric'>) => a.rubric.reduce((s, c) => s + c.points, 0);
export const totalScore = (scores: CriterionScore[]) => Math.round(scores.reduce((s, c) => s + c.score, 0) * 10) / 10;

export type Counts = AssignmentItem['counts'];

export function toAssignmentItem(
  a: AssignmentRow, names: { robot: string; team: string }, counts: Counts,
): AssignmentItem {
  return {
    id: a.id, robot_id: a.robotId, robot_name: names.robot, team_id: a.teamId, team_title: names.team, teacher_id: a.teacherId,
    title: a.title, instructions: a.instructions, rubric: a.rubric, total_points: totalPoints(a), due_at: toSeconds(a.dueAt),
    status: a.status, create_time: toSeconds(a.createdAt), counts,
  };
}

/** The teacher's view of a submission: the work, the draft, their own marks. */
export function toSubmissionItem(s: SubmissionRow): SubmissionItem {
  return {
    id: s.id, status: s.status as SubmissionItem['status'], text: s.text,
    files: s.files.map(({ key: _key, ...f }) => f),
    late: s.late, draft_error: s.draftError, ai_scores: s.aiScores ?? null, ai_comment: s.aiComment,
    scores: s.scores ?? null, comment: s.comment ?? null,
    submit_time: toSeconds(s.submittedAt), release_time: s.releasedAt ? toSeconds(s.releasedAt) : null,
  };
}

/** The student's view of their own submission: no draft, and the mark only once released. */
export function toOwnSubmission(s: SubmissionRow): NonNullable<MyAssignmentItem['submission']> {
  const released = s.status === 'released' && s.scores;
  return {
    id: s.id,
    // Drafting is the teacher's business: until release the student sees their work handed in.
    status: released ? 'released' : 'submitted',
    text: s.text,
    files: s.files.map(({ name, url, type, size, kind }) => ({ name, url, type, size, kind })),
    late: s.late,
    submit_time: toSeconds(s.submittedAt),
    result: released
      ? { scores: s.scores!, total: totalScore(s.scores!), comment: s.comment ?? '', release_time: toSeconds(s.releasedAt) }
      : null,
  };
}
