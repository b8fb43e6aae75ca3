import { and, asc, eq, inArray } from 'drizzle-orm';
import { MSG } from '@xueban/contract/messages';
import type { Db } from '../../db/client.ts';
import { intentCategories, intentConnections, intentContents, intents } from '../../db/schema/intents.ts';
import { notFound } from '../../lib/errors.ts';

export interface CopyTarget { groupId: number; uid: number }

/**
 * Deep-copies an intent library (a category) of `sourceGroupId` into the target organisation:
 * its intents, their recommend parts and the connections between them (re-pointed to the copies).
 * Another organisation's id (or an unknown one) is 404. Returns the copy's id.
 */
export async function copyIntentLibrary(db: Db, sourceGroupId: number, sourceId: number, to: CopyTarget, name?: string): Promise<number> {
  const [src] = await db.select().from(intentCategories).where(and(eq(intentCategories.id, sourceId), eq(intentCategories.groupId, sourceGroupId)));
  if (!src) throw notFound(MSG.intentCategoryNotFound);
  return db.transaction(async (tx) => {
    const [cat] = await tx.insert(intentCategories).values({ groupId: to.groupId, creatorId: to.uid, name: name ?? src.name, info: src.info }).returning();
    const rows = await tx.select().from(intents).where(eq(intents.categoryId, src.id)).orderBy(asc(intents.sort), asc(intents.id));
    const idMap = new Map<number, number>();
    for (const i of rows) {
      const [copy] = await tx.insert(intents).values({
        categoryId: cat!.id, groupId: to.groupId, creatorId: to.uid, name: i.name, keywords: i.keywords, info: i.info, sort: i.sort,
      }).returning({ id: intents.id });
      idMap.set(i.id, copy!.id);
    }
    if (!rows.length) return cat!.id;
    const oldIds = [...idMap.keys()];
    const parts = await tx.select().from(intentContents).where(inArray(intentContents.intentId, oldIds)).orderBy(asc(intentContents.id));
    if (parts.length) {
      await tx.insert(intentContents).values(parts.map((p) => ({
        intentId: idMap.get(p.intentId)!, groupId: to.groupId, creatorId: to.uid, sort: p.sort, contentType: p.contentType, content: p.content,
      })));
    }
    // Connections inside the library travel; one to an intent of another library stays behind.
    const links = (await tx.select().from(intentConnections).where(inArray(intentConnections.intentId, oldIds)))
      .filter((l) => idMap.has(l.relatedId));
    if (links.length) {
      await tx.insert(intentConnections).values(links.map((l) => ({
        intentId: idMap.get(l.intentId)!, relatedId: idMap.get(l.relatedId)!, groupId: to.groupId, creatorId: to.uid, sort: l.sort,
      })));
    }
    return cat!.id;
  });
}

export interface ContentSummary { id: number; title: string; info: string; lines: { title: string; level: number; text: string }[] }

/** An intent library of the organisation as the resource centre previews it: its intents and their keywords. */
export async function intentLibrarySummary(db: Db, groupId: number, id: number): Promise<ContentSummary | null> {
  const [cat] = await db.select().from(intentCategories).where(and(eq(intentCategories.id, id), eq(intentCategories.groupId, groupId)));
  if (!cat) return null;
  const rows = await db.select().from(intents).where(eq(intents.categoryId, id)).orderBy(asc(intents.sort), asc(intents.id)).limit(30);
  return { id: cat.id, title: cat.name, info: cat.info, lines: rows.map((i) => ({ title: i.name, level: 1, text: i.keywords.join('、') })) };
}
