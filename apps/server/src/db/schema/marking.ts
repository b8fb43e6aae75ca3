import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { groups } from './groups.ts';
import { robots } from './robots.ts';
import { teams } from './teams.ts';
import { users } from './users.ts';

/** One criterion of an assignment's rubric: what is judged and how many points it is worth. */
export interface RubricCriterion { name: string; points: number; description: string }
/** A score given for one criterion (by the model's draft or by the teacher). */
export interface CriterionScore { name: string; score: number }
/** A file handed in with a submission: its link and, for documents, the text read from it. */
export interface SubmittedFile {
  name: string; url: string; key: string; type: string; size: number;
  /** 'image' goes to the model as a picture; 'document' as its extracted text. */
  kind: 'image' | 'document';
  text?: string;
  /** Why no text could be read (shown to the teacher; the draft mentions it). */
  note?: string;
}

/**
 * An assignment a teacher sets for one class (a team) on a robot. The marking module owns it;
 * the class and the teacher's right to it come from teams' record service.
 */
export const markingAssignments = pgTable(
  'marking_assignments',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
    robotId: integer('robot_id').notNull().references(() => robots.id, { onDelete: 'cascade' }),
    teamId: integer('team_id').notNull().references(() => teams.id, { onDelete: 'cascade' }),
    teacherId: integer('teacher_id').notNull().references(() => users.id),
    title: text('title').notNull(),
    instructions: text('instructions').notNull().default(''),
    rubric: jsonb('rubric').$type<RubricCriterion[]>().notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** open (takes submissions) or closed. */
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('marking_assignments_team_idx').on(t.teamId),
    check('marking_assignments_status_check', sql`${t.status} in ('open', 'closed')`),
  ],
);

/**
 * A student's work for an assignment (one per student; a resubmission replaces it until released).
 * status: submitted → drafting → drafted → released; failed = still waiting for marking, with
 * draft_error saying why (model error, timeout, no model); nothing is ever dropped.
 */
export const markingSubmissions = pgTable(
  'marking_submissions',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
    assignmentId: integer('assignment_id').notNull().references(() => markingAssignments.id, { onDelete: 'cascade' }),
    studentId: integer('student_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull().default(''),
    files: jsonb('files').$type<SubmittedFile[]>().notNull().default([]),
    status: text('status').notNull().default('submitted'),
    draftError: text('draft_error').notNull().default(''),
    aiScores: jsonb('ai_scores').$type<CriterionScore[] | null>(),
    aiComment: text('ai_comment').notNull().default(''),
    /** The teacher's scores and comment; null until the teacher sets them (release takes the draft's). */
    scores: jsonb('scores').$type<CriterionScore[] | null>(),
    comment: text('comment'),
    /** Handed in after the due date: accepted, and shown as 迟交. */
    late: boolean('late').notNull().default(false),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    draftStartedAt: timestamp('draft_started_at', { withTimezone: true }),
    draftedAt: timestamp('drafted_at', { withTimezone: true }),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('marking_submissions_assignment_student_key').on(t.assignmentId, t.studentId),
    index('marking_submissions_student_idx').on(t.studentId),
    check('marking_submissions_status_check', sql`${t.status} in ('submitted', 'drafting', 'drafted', 'failed', 'released')`),
  ],
);
