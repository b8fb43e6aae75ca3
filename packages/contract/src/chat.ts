/** Schemas of the chat calls (spec §7 "Chat", design.md §4), shared by server and web. */
import { z } from 'zod';
import { num } from './number.ts';
import { LIMITS } from './limits.ts';
import { MSG } from './messages.ts';
import { flag } from './robots.ts';
import { idSchema, pageQuery } from './uc.ts';
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
}


export interface ChatSource { title: string; snippet: string; url?: string; document_id?: number; chunk_id?: number; score?: number }



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
  extra: z.object({ chat_annex: z.array(annexItemSchema).max(LIMITS.attachments.maxFiles, MSG.attachmentTooMany).default([]) }).default({ chat_annex: [] }),
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

export interface SessionItem { id: number; code: string; name: string; r_id: number; create_time: number; update_time: number }

/** One exchange as the client reads it back (history, records). */
export interface RecordItem {
  id: number;
  category_id: number;
  robot_id: number;
  question: string;
  question_parts: unknown[] | null;
  annex: AnnexItem[];
  answer: string;
  reasoning: string;
  status: ReplyStatus;
  notice: string;
  sources: ChatSource[];
  correlation_questions: string[];
  /** JSON strings (spec §7 "Get records"). */
  recommend_content: string;
  activity_content: string;
  is_collect: number;
  is_reason: number;
  is_network: number;
  create_time: number;
}



/** A record in the back office: the exchange with who asked which robot in which session. */
export interface ManagedRecordItem extends RecordItem {
  user: { uid: number; truename: string };
  robot_name: string;
  session_name: string;
}


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
});
export type ActivityCard = z.infer<typeof activityCardSchema>;
