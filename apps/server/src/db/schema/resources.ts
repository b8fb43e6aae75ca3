import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PublishKind, PublishScope } from '@xueban/contract/resources';
import { groups } from './groups.ts';
import { users } from './users.ts';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * A course plan, knowledge base or intent library published for reuse (issue 20): to the whole
 * platform's resource centre or to the organisation only. The organisation's admin reviews it
 * (2 pending, 3 approved, -2 rejected, as robot releases). One row per content: publishing again
 * sends it back to review. Owned by the resources module; the content stays in its own module's table.
 */
export const publishedContents = pgTable(
  'published_contents',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
    publisherId: integer('publisher_id').notNull().references(() => users.id),
    kind: text('kind').$type<PublishKind>().notNull(),
    contentId: integer('content_id').notNull(),
    title: text('title').notNull(),
    info: text('info').notNull().default(''),
    subject: text('subject').notNull().default(''),
    licence: text('licence').notNull(),
    scope: text('scope').$type<PublishScope>().notNull(),
    status: smallint('status').notNull().default(2),
    reason: text('reason').notNull().default(''),
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    viewNum: integer('view_num').notNull().default(0),
    copyNum: integer('copy_num').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('published_contents_content_uq').on(t.kind, t.contentId),
    index('published_contents_listing_idx').on(t.status, t.scope, t.groupId),
    check('published_contents_kind_check', sql`${t.kind} in ('course', 'knowledge', 'intent')`),
    check('published_contents_scope_check', sql`${t.scope} in ('platform', 'org')`),
    check('published_contents_status_check', sql`${t.status} in (-2, 2, 3)`),
  ],
);

/** A solution (解决方案): a named bundle of an organisation's robots, knowledge, intents and course plans for a use case. */
export const solutions = pgTable(
  'solutions',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
    creatorId: integer('creator_id').notNull().references(() => users.id),
    name: text('name').notNull(),
    info: text('info').notNull().default(''),
    robotIds: integer('robot_ids').array().notNull().default(sql`'{}'::integer[]`),
    knowledgeIds: integer('knowledge_ids').array().notNull().default(sql`'{}'::integer[]`),
    intentIds: integer('intent_ids').array().notNull().default(sql`'{}'::integer[]`),
    courseIds: integer('course_ids').array().notNull().default(sql`'{}'::integer[]`),
    installNum: integer('install_num').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('solutions_group_idx').on(t.groupId, t.id)],
);

export interface InstallResult { robots: { source: number; copy: number }[]; knowledgeBases: { source: number; copy: number }[]; intentLibraries: { source: number; copy: number }[]; coursePlans: { source: number; copy: number }[] }

/** One install of a solution into an organisation: its progress while it runs, then what it made. */
export const solutionInstalls = pgTable(
  'solution_installs',
  {
    id: serial('id').primaryKey(),
    solutionId: integer('solution_id').references(() => solutions.id, { onDelete: 'set null' }),
    groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** running → done | failed. */
    status: text('status').$type<'running' | 'done' | 'failed'>().notNull().default('running'),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    error: text('error').notNull().default(''),
    result: jsonb('result').$type<InstallResult | null>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('solution_installs_group_idx').on(t.groupId, t.id)],
);
