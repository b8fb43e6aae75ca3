import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { chatSessions } from './chat.ts';
import { groups } from './groups.ts';
import { robots } from './robots.ts';
import { users } from './users.ts';

/** api: a secret key for servers and scripts; embed: the publishable key of a script tag; share: a share link's token. */
export type ApiKeyKind = 'api' | 'embed' | 'share';

/**
 * A robot's keys (issue 25): only the SHA-256 of a key is stored, the key itself is shown once.
 * Each key answers as its own account (`service_user_id`, no password, no membership), so the
 * conversations it holds are ordinary chat sessions of the robot, visible in its records.
 * Limits count questions: for an api key all of the key's, for embed and share each visitor's.
 */
export const robotApiKeys = pgTable(
  'robot_api_keys',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
    robotId: integer('robot_id').notNull().references(() => robots.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ApiKeyKind>().notNull(),
    name: text('name').notNull(),
    /** The key's first characters, to tell keys apart in the list. */
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    /** Browser origins allowed to use the key (embed: required; api: empty means any caller). */
    allowedOrigins: jsonb('allowed_origins').$type<string[]>().notNull().default([]),
    perMinute: integer('per_minute').notNull(),
    perDay: integer('per_day').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdBy: integer('created_by').notNull().references(() => users.id, { onDelete: 'cascade' }),
    serviceUserId: integer('service_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('robot_api_keys_robot_idx').on(t.robotId, t.id)],
);

/** The chat session a key keeps for one end user (the caller's `user` field, or a visitor's browser id). */
export const robotApiSessions = pgTable(
  'robot_api_sessions',
  {
    id: serial('id').primaryKey(),
    keyId: integer('key_id').notNull().references(() => robotApiKeys.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
    endUser: text('end_user').notNull(),
    chatSessionId: integer('chat_session_id').notNull().references(() => chatSessions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('robot_api_sessions_key_user_idx').on(t.keyId, t.endUser, t.id)],
);

/** One row per question a key let through: the limits' windows and the usage counts read it. */
export const robotApiUsage = pgTable(
  'robot_api_usage',
  {
    id: serial('id').primaryKey(),
    keyId: integer('key_id').notNull().references(() => robotApiKeys.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
    robotId: integer('robot_id').notNull().references(() => robots.id, { onDelete: 'cascade' }),
    endUser: text('end_user').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('robot_api_usage_key_idx').on(t.keyId, t.createdAt),
    index('robot_api_usage_robot_idx').on(t.robotId, t.createdAt),
  ],
);

export type ApiKeyRow = typeof robotApiKeys.$inferSelect;
