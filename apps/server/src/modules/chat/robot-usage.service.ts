import { count, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatRecords } from '../../db/schema/chat.ts';

/**
 * Questions asked of some robots, per robot and month (China time), with who asked: the app
 * store's statements count the questions its installed copies served (issue 20).
 */
export async function robotUsageByMonth(db: Db, robotIds: number[]) {
  if (robotIds.length === 0) return [];
  const month = sql<string>`to_char(${chatRecords.createdAt} at time zone 'Asia/Shanghai', 'YYYY-MM')`;
  const rows = await db
    .select({ robotId: chatRecords.robotId, month, questions: count(), users: sql<number[]>`array_agg(distinct ${chatRecords.userId})` })
    .from(chatRecords)
    .where(inArray(chatRecords.robotId, robotIds))
    .groupBy(chatRecords.robotId, month);
  return rows.map((r) => ({ ...r, users: (r.users ?? []).map(Number) }));
}
