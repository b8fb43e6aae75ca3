import { MSG } from '@xueban/contract/messages';
import type { ChatLog, RecordItem } from '@xueban/contract/chat';
import type { Deps } from '../../types.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { randomCode } from '../../lib/crypto.ts';
import { notFound } from '../../lib/errors.ts';
import { ok } from '../../lib/envelope.ts';
import { Serialized, withLastKey } from '../../lib/serialized.ts';
import { pageOf, resolvePage, type PageParams } from '../../lib/pagination.ts';
import { currentGroup, loadVisible } from '../robots/robot-access.ts';
import { withFreshItemLinks } from './record-links.ts';
import {
  deleteOwnSessions, deleteSessionRecords, findOwnSession, insertSession, listOwnSessions, renameSession,
  ownSessionRecordsPage, toSessionItem, type SessionRow,
} from './chat.repo.ts';

/**
 * Sessions (ChatCategory) belong to one user, one robot and the organisation the user was in
 * when they started it. Every call here reads only the caller's own sessions in their current
 * organisation: anyone else's session id answers 404 会话不存在, as if it did not exist.
 */
const owner = (me: AuthContext) => ({ userId: me.userId, groupId: me.groupId });

/** The caller's own session, else 404. */
export async function ownSession(deps: Deps, me: AuthContext, id: number): Promise<SessionRow> {
  const s = await findOwnSession(deps.db, owner(me), id);
  if (!s) throw notFound(MSG.sessionNotFound);
  return s;
}

/** ChatCategory/lists: the caller's sessions with a robot they can see, most recently active first. */
export async function listSessions(deps: Deps, me: AuthContext, q: PageParams & { r_id: number; is_talk?: number | undefined }) {
  const { limit, offset } = resolvePage(q);
  const isTalk = q.is_talk === undefined ? undefined : q.is_talk === 1;
  const { total, rows } = await listOwnSessions(deps.db, { ...owner(me), isSuperAdmin: me.isSuperAdmin }, q.r_id, isTalk, limit, offset);
  // No rows: a robot with no sessions here, or one the caller may not see (404).
  if (!rows.length) await loadVisible(deps.db, me, q.r_id);
  return pageOf(q, total, rows.map(toSessionItem));
}

/** ChatCategory/save: without id a new session (named 新建会话 unless named), with id a rename. */
export async function saveSession(deps: Deps, me: AuthContext, b: { id?: number | undefined; r_id: number; name?: string | undefined; is_talk?: number | undefined }) {
  if (b.id !== undefined) {
    const s = await ownSession(deps, me, b.id);
    if (s.robotId !== b.r_id) throw notFound(MSG.sessionNotFound);
    return toSessionItem(b.name === undefined ? s : await renameSession(deps.db, s.id, b.name));
  }
  const groupId = currentGroup(me);
  const { robot } = await loadVisible(deps.db, me, b.r_id);
  const row = await insertSession(deps.db, {
    code: randomCode(16), groupId, userId: me.userId, robotId: robot.id, name: b.name ?? MSG.newSession, isTalk: b.is_talk === 1,
  });
  return toSessionItem(row);
}

/** ChatCategory/delete: the id and its code must both match one of the caller's sessions. */
export async function deleteSession(deps: Deps, me: AuthContext, id: number, code: string) {
  const n = await deleteOwnSessions(deps.db, owner(me), { id, code });
  if (n === 0) throw notFound(MSG.sessionNotFound);
}

/**
 * ChatCategory/clear: every session (and record) of the caller with one robot, as the session
 * panel's 删除机器人 does. A robot the caller can no longer see may still be cleared of their own data.
 */
export async function clearSessions(deps: Deps, me: AuthContext, robotId: number) {
  const n = await deleteOwnSessions(deps.db, owner(me), { robotId });
  if (n === 0) await loadVisible(deps.db, me, robotId);
  return { deleted: n };
}

/** chat/cleanChat: empties a session, which stays in the list. */
export async function cleanChat(deps: Deps, me: AuthContext, sessionId: number) {
  const s = await ownSession(deps, me, sessionId);
  await deleteSessionRecords(deps.db, s.id);
}

/**
 * chat_records/chatLog: the session and one page of its exchanges. Page 1 holds the newest
 * `limit` exchanges; each page is in time order, so the client prepends older pages on scroll-up.
 * The database writes the page as the client reads it; it is parsed only when its recommend
 * content needs its annex links signed anew.
 */
export async function chatLog(deps: Deps, me: AuthContext, q: PageParams & { category_id: number; no_records?: number | undefined }) {
  if (q.no_records === 1) return ok({ session: toSessionItem(await ownSession(deps, me, q.category_id)), records: pageOf(q, 0, []) });
  const { limit, offset } = resolvePage(q);
  const found = await ownSessionRecordsPage(deps.db, owner(me), q.category_id, limit, offset);
  if (!found) throw notFound(MSG.sessionNotFound);
  const session = toSessionItem(found.session);
  if (!found.plain) {
    const items = (JSON.parse(found.records) as RecordItem[]).map((r) => withFreshItemLinks(r, deps.config));
    return ok({ session, records: pageOf(q, found.total, items) });
  }
  // The envelope and the page around the records' text, each written without its `data`.
  const { data: _page, ...head } = pageOf(q, found.total, []);
  const { data: _envelope, ...envelope } = ok(null);
  return new Serialized<ReturnType<typeof ok<ChatLog>>>(withLastKey(
    envelope, 'data', withLastKey({ session }, 'records', withLastKey(head, 'data', found.records)),
  ));
}
