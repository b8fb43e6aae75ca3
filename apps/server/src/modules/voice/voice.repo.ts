import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { voiceClips } from '../../db/schema/voice.ts';

export type ClipRow = typeof voiceClips.$inferSelect;

export async function findClip(db: Db, recordId: number): Promise<ClipRow | null> {
  const [row] = await db.select().from(voiceClips).where(eq(voiceClips.recordId, recordId)).limit(1);
  return row ?? null;
}

/** Keeps the first clip of a record when two requests raced; returns the one kept. */
export async function saveClip(db: Db, clip: { recordId: number; groupId: number; fileKey: string; voice: string }): Promise<ClipRow> {
  const [row] = await db.insert(voiceClips).values(clip).onConflictDoNothing().returning();
  return row ?? (await findClip(db, clip.recordId))!;
}

/** Which of these file keys a clip still names. */
export async function keysInUse(db: Db, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows = await db.select({ key: voiceClips.fileKey }).from(voiceClips).where(inArray(voiceClips.fileKey, keys));
  return new Set(rows.map((r) => r.key));
}
