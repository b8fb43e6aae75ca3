import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { groups } from './groups.ts';
import { robots } from './robots.ts';
import { users } from './users.ts';

/** One criterion of a scenario's rubric. */
export interface TrainCriterionRow { name: string; points: number }
/** One turn of a practice: the learner's words or the robot's, in its role. */
export interface TrainTurn { role: 'learner' | 'robot'; content: string; time: number }
/** The model's scored debrief against the rubric. */
export interface TrainDebriefRow {
  scores: { name: string; points: number; score: number; comment: string }[];
  total: number;
  max: number;
  summary: string;
}

/**
 * A practice scenario built on a robot (training module): the role the robot plays, the learner's
 * goal, a rubric, the number of rounds and the opening line. Learners see it once published.
 */
export const trainingScenarios = pgTable(
  'training_scenarios',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
    robotId: integer('robot_id').notNull().references(() => robots.id, { onDelete: 'cascade' }),
    creatorId: integer('creator_id').notNull().references(() => users.id),
    title: text('title').notNull(),
    role: text('role').notNull(),
    goal: text('goal').notNull(),
    rubric: jsonb('rubric').$type<TrainCriterionRow[]>().notNull(),
    rounds: integer('rounds').notNull().default(3),
    opening: text('opening').notNull().default(''),
    /** draft (only its editors see it) or published (every member of the organisation). */
    status: text('status').notNull().default('draft'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('training_scenarios_group_idx').on(t.groupId, t.status),
    check('training_scenarios_status_check', sql`${t.status} in ('draft', 'published')`),
  ],
);

/**
 * A learner's attempt at a scenario: train (rounds, then a scored debrief) or talk (free, unscored).
 * The turns are kept on the row; an unreadable debrief leaves it unscored with the reason (retry).
 */
export const trainingAttempts = pgTable(
  'training_attempts',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
    scenarioId: integer('scenario_id').notNull().references(() => trainingScenarios.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    mode: text('mode').notNull().default('train'),
    status: text('status').notNull().default('active'),
    turns: jsonb('turns').$type<TrainTurn[]>().notNull().default([]),
    debrief: jsonb('debrief').$type<TrainDebriefRow | null>(),
    debriefError: text('debrief_error').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('training_attempts_scenario_user_idx').on(t.scenarioId, t.userId),
    check('training_attempts_mode_check', sql`${t.mode} in ('train', 'talk')`),
    check('training_attempts_status_check', sql`${t.status} in ('active', 'unscored', 'done')`),
  ],
);
