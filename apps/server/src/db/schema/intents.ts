import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { RecommendPart } from '@xueban/contract/chat';
import { groups } from './groups.ts';
import { users } from './users.ts';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** 意图库: a category of intents, owned by an organisation; robots bind categories (robot_contents 'intent'). */
export const intentCategories = pgTable(
  'intent_categories',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
    creatorId: integer('creator_id').notNull().references(() => users.id),
    name: text('name').notNull(),
    info: text('info').notNull().default(''),
    ...timestamps,
  },
  (t) => [index('intent_categories_group_idx').on(t.groupId, t.id)],
);

/** An intent: a name (and keywords) a question is matched against, answered by its recommend parts. */
export const intents = pgTable(
  'intents',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id').notNull().references(() => intentCategories.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
    creatorId: integer('creator_id').notNull().references(() => users.id),
    name: text('name').notNull(),
    keywords: text('keywords').array().notNull().default([]),
    info: text('info').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('intents_category_idx').on(t.categoryId, t.sort, t.id), index('intents_group_idx').on(t.groupId)],
);

/** One recommend part of an intent (spec §3 "Recommend part"), shown in `sort` order. */
export const intentContents = pgTable(
  'intent_contents',
  {
    id: serial('id').primaryKey(),
    intentId: integer('intent_id').notNull().references(() => intents.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
    creatorId: integer('creator_id').notNull().references(() => users.id),
    sort: integer('sort').notNull().default(0),
    contentType: text('content_type').$type<RecommendPart['content_type']>().notNull(),
    content: jsonb('content').$type<RecommendPart['content']>().notNull(),
    ...timestamps,
  },
  (t) => [index('intent_contents_intent_idx').on(t.intentId, t.sort, t.id)],
);

/** Related intents (intent connection), shown as cards after an intent's content; both in one organisation. */
export const intentConnections = pgTable(
  'intent_connections',
  {
    intentId: integer('intent_id').notNull().references(() => intents.id, { onDelete: 'cascade' }),
    relatedId: integer('related_id').notNull().references(() => intents.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
    creatorId: integer('creator_id').notNull().references(() => users.id),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.intentId, t.relatedId] }), index('intent_connections_related_idx').on(t.relatedId)],
);
