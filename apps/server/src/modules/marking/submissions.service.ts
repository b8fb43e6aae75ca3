import path from 'node:path';
import type PgBoss from 'pg-boss';
import { MARK_MSG, type SubmitBody } from '@xueban/contract/marking';
import type { Deps } from '../../types.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { withTempFile } from '../../lib/temp-file.ts';
import { parseDocument, kindOf } from '../../ai/parse/index.ts';
import type { SubmittedFile } from '../../db/schema/marking.ts';
import { fileKeyOf } from '../files/file-links.ts';
import { findFileFor } from '../files/files.service.ts';
import { findRobot } from '../robots/robot-records.service.ts';
import { studentTeam } from '../teams/team-records.service.ts';
import { assignmentById, assignmentsOfTeams, studentSubmissions, upsertSubmission } from './marking.repo.ts';
import { toOwnSubmission, totalPoints } from './marking-views.ts';
import { DRAFT_QUEUE, type DraftJob } from './draft.job.ts';
import { toSeconds } from '../../lib/time.ts';

// The student's side of marking: their class's assignments on a robot, handing work in.

/** The most text kept from one file (the model reads less; the teacher sees it all). */
const FILE_TEXT_KEEP = 100_000;

/** A student's assignments on a robot (their class's), each with their own submission; the mark only once released. */
export async function myAssignments(deps: Deps, me: AuthContext, robotId: number) {
  const team = await studentTeam(deps.db, robotId, me.userId);
  if (!team) {
    const robot = await findRobot(deps.db, robotId);
    if (!robot || robot.groupId !== me.groupId) throw notFound();
    return [];
  }
  const rows = await assignmentsOfTeams(deps.db, team.groupId, [team.id]);
  const subs = await studentSubmissions(deps.db, me.userId, rows.map((r) => r.id));
  return rows.map((a) => {
    const s = subs.find((x) => x.assignmentId === a.id);
    return {
      id: a.id, title: a.title, instructions: a.instructions, rubric: a.rubric, total_points: totalPoints(a),
      due_at: toSeconds(a.dueAt), team_title: team.title, status: a.status, submission: s ? toOwnSubmission(s) : null,
    };
  });
}

/** Reads a stored upload the student may read: pictures as they are, documents as their text (parsed in a worker). */
async function readFiles(deps: Deps, me: AuthContext, given: SubmitBody['files']): Promise<SubmittedFile[]> {
  const out: SubmittedFile[] = [];
  for (const g of given) {
    const key = fileKeyOf(g.url, deps.config.PUBLIC_URL);
    const found = key ? await findFileFor(deps.db, key, { userId: me.userId, isSuperAdmin: false }) : null;
    // Only the student's own uploads: a link to someone else's file is not their work.
    if (!key || !found?.readable || found.file.userId !== me.userId) throw badRequest(`文件「${g.name}」无效，请重新上传`, { field: 'files' });
    const f = found.file;
    const base = { name: g.name || f.name, url: `/api/files/${f.key}`, key: f.key, type: f.mime, size: f.size };
    if (f.mime.startsWith('image/')) {
      out.push({ ...base, kind: 'image' });
      continue;
    }
    const name = kindOf(base.name) ? base.name : f.name;
    if (!kindOf(name)) {
      out.push({ ...base, kind: 'document', note: '不支持读取该文件类型的文字，请老师下载查看' });
      continue;
    }
    try {
      const stored = await deps.storage.get(f.key);
      if (!stored) throw new Error('gone');
      const doc = await withTempFile(deps.config.DATA_DIR, path.extname(name), stored.body, (tmp) => parseDocument(tmp, name));
      out.push({ ...base, kind: 'document', text: doc.text.slice(0, FILE_TEXT_KEEP) });
    } catch (err) {
      const msg = (err as Error)?.name === 'ParseError' ? (err as Error).message : '文件读取失败';
      out.push({ ...base, kind: 'document', note: msg });
    }
  }
  return out;
}

/**
 * Hands work in (or replaces it until the mark is released). After the due date it is accepted
 * and marked 迟交. The AI draft is queued at once; a failure there leaves it waiting, never lost.
 */
export async function submitWork(deps: Deps, queue: PgBoss, me: AuthContext, body: SubmitBody) {
  const a = await assignmentById(deps.db, body.assignment_id);
  const team = a ? await studentTeam(deps.db, a.robotId, me.userId) : null;
  if (!a || (a.groupId !== me.groupId && team?.id !== a.teamId)) throw notFound(MARK_MSG.assignmentNotFound);
  if (team?.id !== a.teamId) throw forbidden(MARK_MSG.notInClass);
  if (a.status !== 'open') throw conflict(MARK_MSG.assignmentClosed);
  if (!body.text && body.files.length === 0) throw badRequest(MARK_MSG.emptySubmission, { field: 'text' });
  const files = await readFiles(deps, me, body.files);
  const row = await upsertSubmission(deps.db, {
    groupId: a.groupId, assignmentId: a.id, studentId: me.userId, text: body.text, files, late: Date.now() > a.dueAt.getTime(),
  });
  if (!row) throw conflict(MARK_MSG.alreadyReleased);
  await queue.send(DRAFT_QUEUE, { submissionId: row.id } satisfies DraftJob);
  return toOwnSubmission(row);
}
