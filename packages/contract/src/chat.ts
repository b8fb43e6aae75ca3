/** Schemas of the chat calls (spec §7 "Chat", design.md §4), shared by server and web. */
import { z } from 'zod';
import { num } from './number.ts';
import { LIMITS } from './limits.ts';
import { MSG } from './messages.ts';
import { flag } from './robots.ts';
import { idSchema, pageOf, pageQuery } from './uc.ts';
import { correctionSchema } from './teaching-console.ts';
import { QUESTION_MAX, RECOMMEND_CONTENT_TYPES, REPLY_STATUSES, type ReplyStatus } from './constants/chat.ts';

export * from './constants/chat.ts';


/**
 * Payload of each event (the SSE `data:` line is this JSON):
 * - reasoning / chat: `{ content }`, a delta to append;
 * - finish: `{ status, sources }`, the answer is complete (or cut short) and these are its sources;
 * - msg: `{ content }`, a notice shown as a system message (type 7);
 * - heartbeat: `{}` every 15 s; remove_msg: `{}`, withdraw the answer shown so far;
 * - correlation_questions: `string[]`; records: `{ id }`, the record id; close: `{}`;
 * - error: `{ msg }`.
 */
export interface ChatEventData {
  reasoning: { content: string };
  chat: { content: string };
  /** recommend_content (ours): the matched intent's recommend parts (message type 3), when one matched. */
  finish: { status: ReplyStatus; sources: ChatSource[]; recommend_content?: RecommendPart[] };
  msg: { content: string };
  heartbeat: Record<string, never>;
  remove_msg: Record<string, never>;
  correlation_questions: string[];
  records: { id: number };
  close: Record<string, never>;
  error: { msg: string };
  /** A tool call's activity card (message type 5), sent when it starts and again when it ends (same id). */
  activity: ActivityCard;
}


/**
 * A source an answer cites: a knowledge chunk (document_id, chunk_id, score; document_name, and
 * the passage as snippet, for the source drawer) or a web page (url).
 */
export const chatSourceSchema = z.object({
  title: z.string(),
  snippet: z.string(),
  url: z.string().optional(),
  document_id: z.number().optional(),
  document_name: z.string().optional(),
  chunk_id: z.number().optional(),
  score: z.number().optional(),
});
export type ChatSource = z.output<typeof chatSourceSchema>;



const textPart = z.object({ type: z.literal('text'), text: z.string().max(QUESTION_MAX) });
const imagePart = z.object({
  type: z.literal('image_url'),
  image_url: z.object({ url: z.string().max(2000), detail: z.enum(['high', 'low', 'auto']).default('high') }),
});
/** User content: a plain string or a list of text and image_url parts (spec §3). */
export const questionSchema = z.union([
  z.string().max(QUESTION_MAX),
  z.array(z.discriminatedUnion('type', [textPart, imagePart])).min(1).max(10),
]);
export type Question = z.infer<typeof questionSchema>;

export const annexItemSchema = z.object({
  id: z.union([z.string().max(100), z.number()]).optional(),
  name: z.string().max(255),
  url: z.string().max(2000).default(''),
  size: z.number().int().min(0).max(LIMITS.attachments.maxBytes).optional(),
  filetype: z.string().max(50).optional(),
  /** Text extracted in the browser (spec §5 file reading); cut to fit the model's context. */
  text: z.string().max(200_000).optional(),
  type: z.string().max(50).optional(),
  hash: z.string().max(128).optional(),
});
export type AnnexItem = z.infer<typeof annexItemSchema>;

export const chatStreamBody = z.object({
  /** Record-level type: 1 text, 2 image, 3 goods (spec §3). */
  type: num(z.number().int().min(1).max(3)).default(1),
  /** The session id. */
  category_id: idSchema,
  question: questionSchema,
  is_reason: flag.default(0),
  is_network: flag.default(0),
  /** Voice view: answer briefly. */
  is_short: flag.default(0),
  extra: z.object({
    chat_annex: z.array(annexItemSchema).max(LIMITS.attachments.maxFiles, MSG.attachmentTooMany).default([]),
    /** 向机器人提问 from a course lesson: the plan and node the question is about (both, or neither). */
    plan_id: idSchema.optional(),
    node_id: idSchema.optional(),
  }).default({ chat_annex: [] }),
  robot_stats_data: z.record(z.string(), z.unknown()).optional(),
  /** Makes a retried send idempotent: the same id in the same session answers once. */
  client_msg_id: z.string().trim().min(8).max(64).regex(/^[\w-]+$/).optional(),
  /** 继续: continue the cut-off answer of this record instead of asking a new question. */
  continue_id: idSchema.optional(),
});
export type ChatStreamBody = z.infer<typeof chatStreamBody>;

// Sessions (ChatCategory) and records.
export const sessionListQuery = pageQuery.extend({
  r_id: idSchema,
  limit: num(z.number().int().min(1).max(100)).default(LIMITS.pageSize.sessions),
  is_talk: flag.optional(),
});
export const sessionNameSchema = z.string().trim().min(1, MSG.sessionNameRequired).max(50, MSG.sessionNameTooLong);
export const sessionSaveBody = z.object({ id: idSchema.optional(), r_id: idSchema, name: sessionNameSchema.optional(), is_talk: flag.optional() });
export const sessionDeleteBody = z.object({ id: idSchema, code: z.string().trim().min(1).max(64) });
export const sessionClearBody = z.object({ r_id: idSchema });
/** 停止回答 by name, for whichever node holds the answer (a stream resumed or relayed elsewhere): the send's session and client message id. */
export const stopChatBody = z.object({
  category_id: idSchema,
  client_msg_id: z.string().trim().min(8).max(64).regex(/^[\w-]+$/),
});

export const cleanChatBody = z.object({ type: z.literal(1).default(1), category_id: idSchema });
export const historyQuery = pageQuery.extend({
  category_id: idSchema,
  page_type: num(z.number().int().min(0).max(1)).default(0),
  /** 1: the session only, without its records. */
  no_records: flag.optional(),
  limit: num(z.number().int().min(1).max(100)).default(20),
});
export const recordQuery = z.object({ id: idSchema, robot_id: idSchema });
export const collectBody = z.object({ records_id: idSchema });
export const recordListQuery = pageQuery.extend({
  robot_id: idSchema.optional(),
  keyword: z.string().trim().max(100).optional(),
  status: z.enum(REPLY_STATUSES).optional(),
});
export const modelInfoQuery = z.object({ id: idSchema });

export const sessionItemSchema = z.object({
  id: z.number(),
  /** The public handle delete asks for with the id. */
  code: z.string(),
  name: z.string(),
  r_id: z.number(),
  create_time: z.number(),
  update_time: z.number(),
});
export type SessionItem = z.output<typeof sessionItemSchema>;

/** A question part as stored and read back (the question had image parts). */
const recordQuestionPartSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({
    type: z.literal('image_url'),
    image_url: z.object({ url: z.string(), detail: z.enum(['high', 'low', 'auto']).optional() }),
  }),
]);

/** An attachment as read back: its name and link, without the text extracted from it. */
const recordAnnexSchema = z.object({
  id: z.union([z.string(), z.number()]).optional(),
  name: z.string(),
  url: z.string(),
  size: z.number().optional(),
  filetype: z.string().optional(),
  type: z.string().optional(),
  hash: z.string().optional(),
});

/** One exchange as the client reads it back (history, records). */
export const recordItemSchema = z.object({
  id: z.number(),
  category_id: z.number(),
  robot_id: z.number(),
  question: z.string(),
  question_parts: z.array(recordQuestionPartSchema).nullable(),
  annex: z.array(recordAnnexSchema),
  answer: z.string(),
  reasoning: z.string(),
  status: z.enum(REPLY_STATUSES),
  notice: z.string(),
  sources: z.array(chatSourceSchema),
  correlation_questions: z.array(z.string()),
  /** JSON strings (spec §7 "Get records"). */
  recommend_content: z.string(),
  activity_content: z.string(),
  is_collect: z.number(),
  is_reason: z.number(),
  is_network: z.number(),
  create_time: z.number(),
  /** A teacher's correction of the answer (老师订正, issue 17), in the asker's own history. */
  correction: correctionSchema.nullable().optional(),
});
export type RecordItem = z.output<typeof recordItemSchema>;

/** A record in the back office: the exchange with who asked which robot in which session. */
export const managedRecordItemSchema = recordItemSchema.extend({
  user: z.object({ uid: z.number(), truename: z.string() }),
  robot_name: z.string(),
  session_name: z.string(),
});
export type ManagedRecordItem = z.output<typeof managedRecordItemSchema>;

/** chat_records/chatLog: the session and one page of its exchanges. */
export const chatLogSchema = z.object({ session: sessionItemSchema, records: pageOf(recordItemSchema) });
export type ChatLog = z.output<typeof chatLogSchema>;

/** A robot the back office (对话管理) can filter by. */
export const recordRobotSchema = z.object({ id: z.number(), name: z.string() });
export type RecordRobot = z.output<typeof recordRobotSchema>;

/** ChatCategory/clear: how many sessions went. */
export const clearSessionsResultSchema = z.object({ deleted: z.number() });
/** ChatRecords/collect: the record's mark after the toggle. */
export const collectResultSchema = z.object({ is_collect: z.number() });


/** One entry of a recommend content list (message type 3), shown in `sort` order. */
export const recommendPartSchema = z.object({
  sort: num(z.number()).default(0),
  content_type: z.enum(RECOMMEND_CONTENT_TYPES),
  content: z.object({
    content: z.string().optional(),
    url: z.string().optional(),
    title: z.string().optional(),
    list: z.array(z.unknown()).optional(),
    intent: z.object({ id: num(z.number()) }).optional(),
  }),
});
export type RecommendPart = z.infer<typeof recommendPartSchema>;

/** One card of an activity list (message type 5, spec §3 "Activity card"). */
export const activityCardSchema = z.object({
  title: z.string(),
  icon_url: z.string().default(''),
  content_type_str: z.string().default(''),
  /** A tool call's card (issue 19): its id within the reply, state and how long it took. */
  id: z.string().optional(),
  state: z.enum(['running', 'done', 'failed']).optional(),
  duration_ms: z.number().optional(),
});
export type ActivityCard = z.infer<typeof activityCardSchema>;
