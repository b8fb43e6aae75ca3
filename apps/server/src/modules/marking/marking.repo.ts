import { and, asc, count, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { markingAssignments, markingSubmissions } from '../../db/schema/marking.ts';

// The marking module's queries on its own two tables (private to the module).

export type AssignmentRow = typeof markingAssignments.$inferSelect;
export type SubmissionRow = typeof markingSubmissions.$inferSelect;

export async function findAssignment(db: Db, groupId: number, id: number): Promise<AssignmentRow | null> {
  const [row] = await db.select().from(markingAssignments)
    .where(and(eq(markingAssignments.id, id), eq(markingAssignments.groupId, groupId))).limit(1);
  return row ?? null;
}

export async function insertAssignment(db: Db, values: typeof markingAssignments.$inferInsert): Promise<AssignmentRow> {
  const [row] = await db.insert(markingAssignments).values(values).returning();
  return row!;
}

export async function updateAssignment(db: Db, id: number, values: Partial<typeof markingAssignments.$inferInsert>): Promise<AssignmentRow> {
  const [row] = await db.update(markingAssignments).set({ ...values, updatedAt: new Date() }).where(eq(markingAssignments.id, id)).returning();
  return row!;
}

export async function deleteAssignment(db: Db, id: number) {
  await db.delete(markingAssignments).where(eq(markingAssignments.id, id));
}

/** The assignments of some classes, newest first. */
export async function assignmentsOfTeams(db: Db, groupId: number, teamIds: number[]): Promise<AssignmentRow[]> {
  if (teamIds.length === 0) return [];
  return db.select().from(markingAssignments)
    .where(and(eq(markingAssignments.groupId, groupId), inArray(markingAssignments.teamId, teamIds)))
    .orderBy(desc(markingAssignments.dueAt), desc(markingAssignments.id));
}

/** The assignments set on some robots of an organisation (the creator's read-only view), newest first. */
export async function assignmentsOfRobots(db: Db, groupId: number, robotIds: number[]): Promise<AssignmentRow[]> {
  if (robotIds.length === 0) return [];
  return db.select().from(markingAssignments)
    .where(and(eq(markingAssignments.groupId, groupId), inArray(markingAssignments.robotId, robotIds)))
    .orderBy(desc(markingAssignments.dueAt), desc(markingAssignments.id));
}

/** Submissions per assignment and status. */
export async function statusCounts(db: Db, assignmentIds: number[]) {
  if (assignmentIds.length === 0) return [];
  return db.select({ assignmentId: markingSubmissions.assignmentId, status: markingSubmissions.status, n: count() })
    .from(markingSubmissions).where(inArray(markingSubmissions.assignmentId, assignmentIds))
    .groupBy(markingSubmissions.assignmentId, markingSubmissions.status);
}

export async function submissionsOf(db: Db, assignmentId: number): Promise<SubmissionRow[]> {
  return db.select().from(markingSubmissions).where(eq(markingSubmissions.assignmentId, assignmentId)).orderBy(asc(markingSubmissions.id));
}

export async function findSubmission(db: Db, groupId: number, id: number): Promise<SubmissionRow | null> {
  const [row] = await db.select().from(markingSubmissions)
    .where(and(eq(markingSubmissions.id, id), eq(markingSubmissions.groupId, groupId))).limit(1);
  return row ?? null;
}

export async function submissionById(db: Db, id: number): Promise<SubmissionRow | null> {
  const [row] = await db.select().from(markingSubmissions).where(eq(markingSubmissions.id, id)).limit(1);
  return row ?? null;
}

export async function assignmentById(db: Db, id: number): Promise<AssignmentRow | null> {
  const [row] = await db.select().from(markingAssignments).where(eq(markingAssignments.id, id)).limit(1);
  return row ?? null;
}

/** One student's submissions to some assignments. */
export async function studentSubmissions(db: Db, studentId: number, assignmentIds: number[]): Promise<SubmissionRow[]> {
  if (assignmentIds.length === 0) return [];
  return db.select().from(markingSubmissions)
    .where(and(eq(markingSubmissions.studentId, studentId), inArray(markingSubmissions.assignmentId, assignmentIds)));
}

/**
 * Stores a student's work: a new submission, or the earlier one replaced (its draft and marks
 * cleared) unless it was released meanwhile. Null: released, nothing changed.
 */
export async function upsertSubmission(
  db: Db, values: Pick<typeof markingSubmissions.$inferInsert, 'groupId' | 'assignmentId' | 'studentId' | 'text' | 'files' | 'late'>,
): Promise<SubmissionRow | null> {
  const fresh = {
    text: values.text, files: values.files, late: values.late, status: 'submitted', draftError: '', aiScores: null, aiComment: '',
    scores: null, comment: null, submittedAt: new Date(), draftStartedAt: null, draftedAt: null, releasedAt: null,
  };
  const [row] = await db.insert(markingSubmissions).values({ ...values, ...fresh })
    .onConflictDoUpdate({
      target: [markingSubmissions.assignmentId, markingSubmissions.studentId],
      set: fresh,
      setWhere: sql`${markingSubmissions.status} <> 'released'`,
    })
    .returning();
  return row ?? null;
}

/** A drafting claim older than this is taken to belong to a process that died: it may be claimed again. */
const STALE_DRAFT_MS = 5 * 60_000;

/**
 * Claims a submission for drafting (one drafter at a time): from waiting, failed or drafted (a
 * redraft), or a stale claim. Null when it is being drafted, released, or gone.
 */
export async function claimForDraft(db: Db, id: number): Promise<SubmissionRow | null> {
  const [row] = await db.update(markingSubmissions).set({ status: 'drafting', draftStartedAt: new Date() })
    .where(and(eq(markingSubmissions.id, id), or(
      inArray(markingSubmissions.status, ['submitted', 'failed', 'drafted']),
      and(eq(markingSubmissions.status, 'drafting'), lt(markingSubmissions.draftStartedAt, new Date(Date.now() - STALE_DRAFT_MS))),
    )))
    .returning();
  return row ?? null;
}

/**
 * Ends a drafting claim (draft or failure), only if it is still this claim: a submission released
 * meanwhile keeps the teacher's marks, and work handed in again meanwhile (a new claim) is not
 * given the draft of the old text.
 */
export async function finishDraft(
  db: Db, id: number, claimedAt: Date, values: Partial<typeof markingSubmissions.$inferInsert>,
): Promise<SubmissionRow | null> {
  const [row] = await db.update(markingSubmissions).set(values)
    .where(and(eq(markingSubmissions.id, id), eq(markingSubmissions.status, 'drafting'), eq(markingSubmissions.draftStartedAt, claimedAt))).returning();
  return row ?? (await submissionById(db, id));
}

/** Marks a submission that cannot be drafted (no model) as waiting with the reason, unless someone has it. */
export async function markWaiting(db: Db, id: number, reason: string) {
  await db.update(markingSubmissions).set({ status: 'failed', draftError: reason })
    .where(and(eq(markingSubmissions.id, id), inArray(markingSubmissions.status, ['submitted', 'failed'])));
}

export async function updateSubmission(db: Db, id: number, values: Partial<typeof markingSubmissions.$inferInsert>): Promise<SubmissionRow> {
  const [row] = await db.update(markingSubmissions).set(values).where(eq(markingSubmissions.id, id)).returning();
  return row!;
}

/** Drafts a stopped process left `drafting` (embedded database: no other process has them) wait again with the reason. */
export async function settleInterruptedDrafts(db: Db, reason: string): Promise<number> {
  const rows = await db.update(markingSubmissions).set({ status: 'failed', draftError: reason })
    .where(eq(markingSubmissions.status, 'drafting')).returning({ id: markingSubmissions.id });
  return rows.length;
}
