import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { nowSeconds } from '../../lib/time.ts';
import { pageOf, resolvePage, type PageParams } from '../../lib/pagination.ts';

/** Notifications belong to a user within one organisation; every query names both. */
const mine = (userId: number, groupId: number) => and(eq(notifications.userId, userId), eq(notifications.groupId, groupId));

export async function isOwnNotification(db: Db, userId: number, groupId: number, id: number): Promise<boolean> {
  const [row] = await db.select({ id: notifications.id }).from(notifications).where(and(mine(userId, groupId), eq(notifications.id, id))).limit(1);
  return !!row;
}

export async function notify(db: Db, n: { userId: number; groupId: number; title: string; content?: string; link?: string }) {
  await db.insert(notifications).values(n);
}

export async function unreadCount(db: Db, userId: number, groupId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notifications).where(and(mine(userId, groupId), eq(notifications.readTime, 0)));
  return row?.n ?? 0;
}

export async function listNotifications(db: Db, userId: number, groupId: number, p: PageParams & { unread?: boolean | undefined }) {
  const { limit, offset } = resolvePage(p);
  const where = p.unread ? and(mine(userId, groupId), eq(notifications.readTime, 0)) : mine(userId, groupId);
  const [total] = await db.select({ n: count() }).from(notifications).where(where);
  const rows = await db
    .select({
      id: notifications.id, title: notifications.title, content: notifications.content,
      link: notifications.link, read_time: notifications.readTime, create_time: notifications.createdAt,
    })
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.id))
    .limit(limit)
    .offset(offset);
  return pageOf(p, total?.n ?? 0, rows.map((r) => ({ ...r, create_time: Math.floor(r.create_time.getTime() / 1000) })));
}

/** Marks the caller's own notifications read; ids of others simply match nothing. */
export async function markRead(db: Db, userId: number, groupId: number, ids: number[]): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readTime: nowSeconds() })
    .where(and(mine(userId, groupId), inArray(notifications.id, ids), eq(notifications.readTime, 0)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function markAllRead(db: Db, userId: number, groupId: number): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readTime: nowSeconds() })
    .where(and(mine(userId, groupId), eq(notifications.readTime, 0)))
    .returning({ id: notifications.id });
  return rows.length;
}
