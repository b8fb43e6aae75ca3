import { index, integer, jsonb, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { groups } from './groups.ts';
import { users } from './users.ts';

/** Platform-wide settings edited by super admins, one JSON document per key (e.g. 'website'). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Banners: for every organisation (group_id null) or one. type 'upgrade_tip' is shown once per id. */
export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull().default('pc'),
    type: text('type').notNull(),
    title: text('title').notNull().default(''),
    bigImgUrl: text('big_img_url').notNull().default(''),
    link: text('link').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    /** 1 shown, 0 hidden. */
    status: smallint('status').notNull().default(1),
    startAt: timestamp('start_at', { withTimezone: true }),
    endAt: timestamp('end_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('banners_lookup_idx').on(t.platform, t.status)],
);

export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    contact: text('contact').notNull().default(''),
    pictures: jsonb('pictures').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feedback_group_idx').on(t.groupId)],
);
