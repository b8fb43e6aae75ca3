import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { MSG } from '@xueban/contract/messages';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { feedback } from '../../db/schema/platform.ts';
import { files } from '../../db/schema/files.ts';
import { users } from '../../db/schema/users.ts';
import { badRequest } from '../../lib/errors.ts';
import { toSeconds } from '../../lib/time.ts';
import { pageOf, resolvePage, type PageParams } from '../../lib/pagination.ts';

const FILE_URL = /^\/api\/files\/(.+)$/;
const PICTURE_MIMES = new Set(['image/png', 'image/jpeg']);

/**
 * Stores feedback. Pictures must be jpg/png images this user uploaded here: a URL elsewhere
 * would make admins' browsers fetch a stranger's host.
 */
export async function sendFeedback(db: Db, me: AuthContext, body: { content: string; contact: string; picture_data: string[] }) {
  const keys = body.picture_data.map((u) => FILE_URL.exec(u)?.[1]);
  if (keys.some((k) => !k)) throw badRequest(MSG.feedbackImageType);
  if (keys.length) {
    const found = await db.select({ key: files.key, mime: files.mime }).from(files)
      .where(and(inArray(files.key, keys as string[]), eq(files.userId, me.userId)));
    const ok = new Set(found.filter((f) => PICTURE_MIMES.has(f.mime)).map((f) => f.key));
    if (!keys.every((k) => ok.has(k!))) throw badRequest(MSG.feedbackImageType);
  }
  const [row] = await db.insert(feedback).values({
    groupId: me.groupId || null, userId: me.userId, content: body.content, contact: body.contact, pictures: body.picture_data,
  }).returning({ id: feedback.id });
  return { id: row!.id };
}

/** Org admins read their organisation's feedback; the super admin reads everyone's. */
export async function listFeedback(db: Db, me: AuthContext, p: PageParams) {
  const { limit, offset } = resolvePage(p);
  const where = me.isSuperAdmin ? undefined : eq(feedback.groupId, me.groupId);
  const [total] = await db.select({ n: count() }).from(feedback).where(where);
  const rows = await db
    .select({ f: feedback, truename: users.truename })
    .from(feedback).innerJoin(users, eq(users.id, feedback.userId))
    .where(where).orderBy(desc(feedback.id)).limit(limit).offset(offset);
  return pageOf(p, total?.n ?? 0, rows.map(({ f, truename }) => ({
    id: f.id, uid: f.userId, truename, group_id: f.groupId, content: f.content, contact: f.contact,
    picture_data: f.pictures, create_time: toSeconds(f.createdAt),
  })));
}
