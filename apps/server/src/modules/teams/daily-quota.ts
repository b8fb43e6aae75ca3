import { dailyQuotaReached } from '@xueban/contract/classes';
import type { Db } from '../../db/client.ts';
import { returnQuestion, takeQuestion, studentQuota } from './classes.repo.ts';
import { chinaDay } from './classes.service.ts';

/** The daily question quota that applies to a student on a robot (their own over their class's); null: none. */
export async function dailyQuestionQuota(db: Db, robotId: number, userId: number): Promise<number | null> {
  return (await studentQuota(db, robotId, userId))?.quota ?? null;
}

/**
 * Called by the chat before it stores a question: counts it for a class's student (so the
 * teacher sees their questions today) and, at their quota, refuses it with the message the
 * student sees — nothing counted, and the chat stores and sends nothing. Null: go ahead.
 */
export async function takeDailyQuestion(db: Db, robotId: number, userId: number): Promise<string | null> {
  const student = await studentQuota(db, robotId, userId);
  if (!student) return null;
  const asked = await takeQuestion(db, { robotId, userId, groupId: student.groupId, day: chinaDay() }, student.quota);
  return asked === null ? dailyQuotaReached(student.quota!) : null;
}

/** Undoes takeDailyQuestion for a question the chat refused after counting it (robot closed, session gone). */
export async function giveBackDailyQuestion(db: Db, robotId: number, userId: number): Promise<void> {
  await returnQuestion(db, { robotId, userId, day: chinaDay() });
}
