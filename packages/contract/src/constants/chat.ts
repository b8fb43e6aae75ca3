/**
 * Plain values of the chat calls (spec §3, §7). The constants of a contract module live here,
 * without zod, so a page that needs only them does not load the schema library (chat.ts
 * re-exports them for the server; docs/decisions.md "Contract constants without zod").
 */

/**
 * Server-sent event names of the chat stream, exactly as spec §7 names them, plus `activity`
 * (ours, issue 19): a tool call's activity card (message type 5) as it starts and ends.
 */
export const CHAT_EVENTS = [
  'reasoning', 'chat', 'finish', 'msg', 'heartbeat', 'remove_msg', 'correlation_questions', 'records', 'close', 'error', 'activity',
] as const;
export type ChatEventName = (typeof CHAT_EVENTS)[number];

export const REPLY_STATUSES = ['streaming', 'done', 'stopped', 'failed', 'interrupted'] as const;
export type ReplyStatus = (typeof REPLY_STATUSES)[number];

/** Message types of spec §3. */
export const MESSAGE_TYPE = { USER: 1, ROBOT: 2, RECOMMEND: 3, ACTIVITY: 5, RELATED: 6, NOTICE: 7 } as const;
export const HEARTBEAT_MS = 15_000;
/** Send re-enabled this long after `close` (spec §4, §9). */
export const SEND_REENABLE_MS = 200;
export const QUESTION_MAX = 8000;
/** How a reply's status reads in the back office (对话管理) and its export. */
export const REPLY_STATUS_LABEL: Record<ReplyStatus, string> = {
  streaming: '回答中', done: '已完成', stopped: '已停止', failed: '失败', interrupted: '已中断',
};
/** The rows one 对话管理 export holds at most (newest first). */
export const RECORD_EXPORT_MAX = 10_000;
/** What a recommend part holds (spec §3 "Recommend part"): plain text, a link, a file, or an intent to ask. */
export const RECOMMEND_CONTENT_TYPES = ['text', 'link', 'annex', 'has_intent'] as const;
