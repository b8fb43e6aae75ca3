import type { ModelCapability } from '@xueban/contract/ai-models';
import { sql } from 'drizzle-orm';
import {
  boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';
import { groups } from './groups.ts';
import { robots } from './robots.ts';
import { users } from './users.ts';

/**
 * A conversation (spec: ChatCategory / Session) of one user with one robot, inside the
 * organisation the user was in when it started. `code` is the public handle used with delete.
 */
export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    robotId: integer('robot_id').notNull().references(() => robots.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Started in the voice view (is_talk). */
    isTalk: boolean('is_talk').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_sessions_user_robot_idx').on(t.userId, t.robotId, t.updatedAt)],
);

export type ReplyStatus = 'streaming' | 'done' | 'stopped' | 'failed' | 'interrupted';
export interface ChatSource { title: string; snippet: string; url?: string; document_id?: number; document_name?: string; chunk_id?: number; score?: number }
export interface ChatAnnex { id?: string | number; name: string; url: string; size?: number; filetype?: string; text?: string; type?: string; hash?: string }
export type QuestionPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string; detail?: 'high' | 'low' | 'auto' } };

/**
 * One exchange: the user's question (stored before the model is called) and the robot's reply,
 * which is written as it streams and ends done / stopped / failed / interrupted with the text so far.
 * `client_msg_id` makes a retried send idempotent within a session.
 */
export const chatRecords = pgTable(
  'chat_records',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id').notNull().references(() => chatSessions.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    robotId: integer('robot_id').notNull().references(() => robots.id, { onDelete: 'cascade' }),
    clientMsgId: text('client_msg_id'),
    /** The question as plain text (for lists, search and export). */
    question: text('question').notNull(),
    /** The question as sent when it had image parts. */
    questionParts: jsonb('question_parts').$type<QuestionPart[]>(),
    annex: jsonb('annex').$type<ChatAnnex[]>().notNull().default([]),
    answer: text('answer').notNull().default(''),
    reasoning: text('reasoning').notNull().default(''),
    status: text('status').$type<ReplyStatus>().notNull().default('streaming'),
    /** Why a reply failed, or the notice that replaced it (sensitive words). */
    notice: text('notice').notNull().default(''),
    sources: jsonb('sources').$type<ChatSource[]>().notNull().default([]),
    correlationQuestions: jsonb('correlation_questions').$type<string[]>().notNull().default([]),
    /** Recommend parts (message type 3) and activity cards (type 5), filled by intents. */
    recommendContent: jsonb('recommend_content').$type<unknown[]>().notNull().default([]),
    activityContent: jsonb('activity_content').$type<unknown[]>().notNull().default([]),
    isReason: boolean('is_reason').notNull().default(false),
    isNetwork: boolean('is_network').notNull().default(false),
    isCollect: boolean('is_collect').notNull().default(false),
    /** The model that answered ('builtin' for the built-in engine). */
    model: text('model').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Touched at least every heartbeat while streaming, so a sweeper can tell a live reply from a dead one. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The node (NODE_NAME) that streams the reply: when it boots again, its replies still streaming are dead. */
    streamNode: text('stream_node').notNull().default(''),
  },
  (t) => [
    index('chat_records_session_idx').on(t.sessionId, t.id),
    index('chat_records_robot_idx').on(t.robotId, t.id),
    index('chat_records_streaming_idx').on(t.status).where(sql`${t.status} = 'streaming'`),
    uniqueIndex('chat_records_client_msg').on(t.sessionId, t.clientMsgId),
    check('chat_records_status_check', sql`${t.status} in ('streaming', 'done', 'stopped', 'failed', 'interrupted')`),
  ],
);

/** An OpenAI-compatible provider (key management): base URL and an API key encrypted at rest. */
export const aiProviders = pgTable('ai_providers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  baseUrl: text('base_url').notNull(),
  /** AES-256-GCM under a key derived from APP_SECRET; '' when the provider needs none (Ollama). */
  apiKeyEnc: text('api_key_enc').notNull().default(''),
  enabled: boolean('enabled').notNull().default(true),
  /** Registered from LLM_BASE_URL at boot: its host is trusted like the operator who set it. */
  fromEnv: boolean('from_env').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type { ModelCapability };

/** A model offered by a provider. One chat model is the platform default; a robot may pick its own. */
export const aiModels = pgTable(
  'ai_models',
  {
    id: serial('id').primaryKey(),
    providerId: integer('provider_id').notNull().references(() => aiProviders.id, { onDelete: 'cascade' }),
    /** The provider's model id, e.g. deepseek-chat. */
    model: text('model').notNull(),
    /** The name shown to users. */
    label: text('label').notNull(),
    capabilities: text('capabilities').array().$type<ModelCapability[]>().notNull().default(sql`'{chat}'::text[]`),
    contextWindow: integer('context_window').notNull().default(8192),
    /** Shown with the model (spec: Model info tips). */
    tips: text('tips').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ai_models_provider_model').on(t.providerId, t.model),
    /** At most one default model. */
    uniqueIndex('ai_models_one_default').on(t.isDefault).where(sql`${t.isDefault}`),
  ],
);

/** Which model answers for a robot (chat) and, for 深度思考, which reasoning model; null = default. */
export const robotModels = pgTable('robot_models', {
  robotId: integer('robot_id').primaryKey().references(() => robots.id, { onDelete: 'cascade' }),
  chatModelId: integer('chat_model_id').references(() => aiModels.id, { onDelete: 'set null' }),
  reasoningModelId: integer('reasoning_model_id').references(() => aiModels.id, { onDelete: 'set null' }),
});

/**
 * Sensitive words: the platform's list (group_id null, admin /admin/settings/sensitive) and each
 * organisation's own words (group_id set: they apply to that organisation's conversations only).
 * Each word has a category (暴力 自伤 色情 欺凌 违法 其他) and a severity (standard, high: high also
 * alerts the organisation's opted-in admins). Issue 28.
 */
export const sensitiveWords = pgTable(
  'sensitive_words',
  {
    id: serial('id').primaryKey(),
    word: text('word').notNull(),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    category: text('category').notNull().default('其他'),
    severity: text('severity').notNull().default('standard'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sensitive_words_platform_word').on(t.word).where(sql`${t.groupId} is null`),
    uniqueIndex('sensitive_words_group_word').on(t.groupId, t.word).where(sql`${t.groupId} is not null`),
    check('sensitive_words_category_check', sql`${t.category} in ('暴力', '自伤', '色情', '欺凌', '违法', '其他')`),
    check('sensitive_words_severity_check', sql`${t.severity} in ('standard', 'high')`),
  ],
);
