import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { groups } from './groups.ts';
import { robots } from './robots.ts';
import { teams } from './teams.ts';
import { users } from './users.ts';

/** A file of a lesson: an upload's link, one of them the main file (extra.is_main_file). */
export interface CourseNodeFile { name: string; url: string; size?: number | undefined; is_main_file: boolean }

/** A course plan (课程, a project tree): a teacher's tree of chapters and lessons. */
export const coursePlans = pgTable(
  'course_plans',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id').notNull().references(() => users.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** The robot students ask about the plan's lessons by default (optional; a class's robot otherwise). */
    robotId: integer('robot_id').references(() => robots.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('course_plans_group_idx').on(t.groupId, t.ownerId)],
);

/** One node of a plan's tree: a chapter (level 1) or a lesson under it; pid 0 is the root. */
export const courseNodes = pgTable(
  'course_nodes',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id').notNull().references(() => coursePlans.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
    pid: integer('pid').notNull().default(0),
    title: text('title').notNull(),
    level: smallint('level').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    content: text('content').notNull().default(''),
    files: jsonb('files').$type<CourseNodeFile[]>().notNull().default([]),
    /** The robot question set: questions a student may ask the robot about this node. */
    questions: jsonb('questions').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('course_nodes_plan_idx').on(t.planId, t.pid, t.sort)],
);

/** A plan published to a class (a team): its students see it; every node starts locked. */
export const coursePublications = pgTable(
  'course_publications',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id').notNull().references(() => coursePlans.id, { onDelete: 'cascade' }),
    teamId: integer('team_id').notNull().references(() => teams.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
    /** The class's robot, copied so a robot's course list needs no join into teams. */
    robotId: integer('robot_id').notNull().references(() => robots.id, { onDelete: 'cascade' }),
    publishedBy: integer('published_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('course_publications_plan_team_key').on(t.planId, t.teamId), index('course_publications_team_idx').on(t.teamId)],
);

/** A node a class's teacher has unlocked (item_status 1 for that class); no row = locked. */
export const courseUnlocks = pgTable(
  'course_unlocks',
  {
    teamId: integer('team_id').notNull().references(() => teams.id, { onDelete: 'cascade' }),
    nodeId: integer('node_id').notNull().references(() => courseNodes.id, { onDelete: 'cascade' }),
    unlockedBy: integer('unlocked_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.nodeId] })],
);

/** A student's study of one node: opened when first read, done when they mark it. */
export const courseProgress = pgTable(
  'course_progress',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    nodeId: integer('node_id').notNull().references(() => courseNodes.id, { onDelete: 'cascade' }),
    planId: integer('plan_id').notNull().references(() => coursePlans.id, { onDelete: 'cascade' }),
    teamId: integer('team_id').notNull().references(() => teams.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    done: boolean('done').notNull().default(false),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.nodeId] }), index('course_progress_plan_team_idx').on(t.planId, t.teamId)],
);
