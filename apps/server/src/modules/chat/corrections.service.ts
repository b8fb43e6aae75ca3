// Corrections (RecordsHasCorrect/save): a teacher corrects a robot answer one of their students
// received. The student sees it under the answer and gets class news; later similar questions to
// the robot get it as a preferred answer (teaching-prompt.ts).
import { CORRECTION_NEWS_TITLE, type Correction } from '@xueban/contract/teaching-console';
import { MSG } from '@xueban/contract/messages';
import type { Deps } from '../../types.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { notFound } from '../../lib/errors.ts';
import { toSeconds } from '../../lib/time.ts';
import { terms } from '../../ai/segment.ts';
import { LEVELS, loadManaged } from '../robots/robot-access.ts';
import { leadsStudent, postTeamNews, studentTeam } from '../teams/team-records.service.ts';
import * as repo from './teaching.repo.ts';

export async function saveCorrection(deps: Deps, me: AuthContext, recordId: number, content: string): Promise<Correction> {
  const { db } = deps;
  const record = await repo.findRecordInGroup(db, recordId, me.groupId);
  // A record of a student the caller does not lead is as unknown to them as another school's.
  if (!record || !(await leadsStudent(db, me.userId, record.userId, record.robotId))) throw notFound(MSG.recordNotFound);
  await loadManaged(db, me, record.robotId, LEVELS.teams);
  const row = await db.transaction(async (tx) => {
    const saved = await repo.upsertCorrection(tx, {
      recordId: record.id, groupId: record.groupId, robotId: record.robotId, studentId: record.userId, teacherId: me.userId,
      question: record.question, content,
    });
    const team = await studentTeam(tx, record.robotId, record.userId);
    if (team) {
      await postTeamNews(tx, [{
        teamId: team.id, groupId: team.groupId, kind: 'answer_corrected', title: CORRECTION_NEWS_TITLE, userId: record.userId, actorId: me.userId,
        link: { name: 'dialogueIndex', query: { dialogueRid: record.robotId, record_id: record.id } },
      }]);
    }
    return saved;
  });
  const [teacher] = await repo.correctionsOf(db, [row.recordId]);
  return { id: row.id, record_id: row.recordId, content: row.content, teacher: teacher?.teacher ?? '', create_time: toSeconds(row.updatedAt) };
}

/** How many recent corrections of a robot a new question is compared with. */
const CANDIDATES = 200;

/**
 * The similarity of two questions by their terms (segment.ts): shared terms over all terms of
 * both (Jaccard), 1 for the same words.
 */
export function questionSimilarity(a: string, b: string): number {
  const x = new Set(terms(a));
  const y = new Set(terms(b));
  if (x.size === 0 || y.size === 0) return 0;
  let shared = 0;
  for (const t of x) if (y.has(t)) shared++;
  return shared / (x.size + y.size - shared);
}

/** Offered to the model as a preferred answer from this similarity on. */
export const PROMPT_SIMILARITY = 0.3;
/** The built-in engine answers with the correction from this similarity on. */
export const BUILTIN_SIMILARITY = 0.5;

/** The corrections of this robot and organisation closest to a question, best first (at most 3). */
export async function similarCorrections(deps: Deps, groupId: number, robotId: number, question: string) {
  const rows = await repo.robotCorrections(deps.db, groupId, robotId, CANDIDATES);
  return rows.map((r) => ({ ...r, score: questionSimilarity(question, r.question) }))
    .filter((r) => r.score >= PROMPT_SIMILARITY).sort((a, b) => b.score - a.score).slice(0, 3);
}
