import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { groups } from './groups.ts';
import { solutions } from './resources.ts';
import { robots } from './robots.ts';
import { users } from './users.ts';

/**
 * The app store's catalogue (issue 20): a developer's listing of one robot or one solution of their
 * organisation. Owned by the app-store module. status follows robot release review: 0 draft,
 * 2 pending, 3 approved (in the store), -2 rejected. Prices are in fen (分) so sums stay exact;
 * 0 is a free app, otherwise the price of one seat for one month.
 */
export const storeApps = pgTable(
  'store_apps',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
    developerId: integer('developer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** 'robot' or 'solution': what an install copies. */
    kind: text('kind').$type<'robot' | 'solution'>().notNull(),
    robotId: integer('robot_id').references(() => robots.id, { onDelete: 'set null' }),
    /** The solution packaged (a bundle of the resources module). */
    solutionId: integer('solution_id').references(() => solutions.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    icon: text('icon').notNull().default(''),
    intro: text('intro').notNull().default(''),
    description: text('description').notNull().default(''),
    screenshots: jsonb('screenshots').$type<string[]>().notNull().default([]),
    priceFen: integer('price_fen').notNull().default(0),
    status: smallint('status').notNull().default(0),
    rejectReason: text('reject_reason').notNull().default(''),
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('store_apps_group_idx').on(t.groupId),
    index('store_apps_status_idx').on(t.status, t.id),
    check('store_apps_kind_check', sql`${t.kind} in ('robot', 'solution')`),
    check('store_apps_status_check', sql`${t.status} in (-2, 0, 2, 3)`),
    check('store_apps_price_check', sql`${t.priceFen} >= 0`),
  ],
);
