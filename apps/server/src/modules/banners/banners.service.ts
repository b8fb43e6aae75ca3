import { and, asc, count, desc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Banner, saveBannerBody } from '@xueban/contract/platform';
import type { Db } from '../../db/client.ts';
import { banners } from '../../db/schema/platform.ts';
import { notFound } from '../../lib/errors.ts';
import { toSeconds } from '../../lib/time.ts';
import { pageOf, resolvePage, type PageParams } from '../../lib/pagination.ts';

type BannerRow = typeof banners.$inferSelect;
const toBanner = (b: BannerRow): Banner => ({
  id: b.id, group_id: b.groupId, platform: b.platform, type: b.type, title: b.title, big_img_url: b.bigImgUrl,
  link: b.link, sort: b.sort, status: b.status, start_time: toSeconds(b.startAt), end_time: toSeconds(b.endAt),
});

/**
 * The banners live now for a platform: those for every organisation plus the caller's own
 * organisation's. Grouped by type, as the client shows each type in its own place.
 */
export async function currentBanners(db: Db, platform: string, groupId: number | null) {
  const now = new Date();
  const rows = await db.select().from(banners).where(and(
    eq(banners.platform, platform),
    eq(banners.status, 1),
    groupId ? or(isNull(banners.groupId), eq(banners.groupId, groupId)) : isNull(banners.groupId),
    or(isNull(banners.startAt), lte(banners.startAt, now)),
    or(isNull(banners.endAt), gt(banners.endAt, now)),
  )).orderBy(asc(banners.sort), desc(banners.id));
  const grouped = { upgrade_tip: [] as Banner[], top: [] as Banner[] };
  for (const r of rows) if (r.type === 'upgrade_tip' || r.type === 'top') grouped[r.type].push(toBanner(r));
  return grouped;
}

export async function listBanners(db: Db, p: PageParams) {
  const { limit, offset } = resolvePage(p);
  const [total] = await db.select({ n: count() }).from(banners);
  const rows = await db.select().from(banners).orderBy(desc(banners.id)).limit(limit).offset(offset);
  return pageOf(p, total?.n ?? 0, rows.map(toBanner));
}

export async function saveBanner(db: Db, b: z.infer<typeof saveBannerBody>) {
  const values = {
    groupId: b.group_id, platform: b.platform, type: b.type, title: b.title, bigImgUrl: b.big_img_url, link: b.link,
    sort: b.sort, status: b.status,
    startAt: b.start_time ? new Date(b.start_time * 1000) : null, endAt: b.end_time ? new Date(b.end_time * 1000) : null,
  };
  if (!b.id) {
    const [row] = await db.insert(banners).values(values).returning();
    return toBanner(row!);
  }
  const [row] = await db.update(banners).set(values).where(eq(banners.id, b.id)).returning();
  if (!row) throw notFound();
  return toBanner(row);
}

export async function deleteBanner(db: Db, id: number) {
  const [row] = await db.delete(banners).where(eq(banners.id, id)).returning();
  if (!row) throw notFound();
  return toBanner(row);
}
