import { MESSAGE_TYPE, type ReplyStatus } from '@xueban/contract/constants/chat';
import type { ActivityCard, AnnexItem, ChatSource, RecommendPart, RecordItem } from '@xueban/contract/chat';
import { parseActivityContent, parseRecommendContent } from './record-extras.ts';

/**
 * One message of the chat panel (spec §3 "Message types"): 1 the user's question, 2 the robot's
 * reply, 3 a recommend content list, 5 an activity list, 6 related questions under a reply, 7 a
 * system notice. The history and the live stream both become this shape, so the list renders
 * one thing.
 */
export interface ChatMessage {
  key: string;
  type: 1 | 2 | 3 | 5 | 6 | 7;
  content: string;
  create_time: number;
  /** The record (exchange) this message belongs to, once the server named it. */
  recordId?: number;
  // type 1
  images?: string[];
  annex?: AnnexItem[];
  // type 2
  reasoning?: string;
  loading?: boolean;
  status?: ReplyStatus;
  sources?: ChatSource[];
  /** 老师订正: a teacher's correction of this reply (issue 17). */
  correction?: { content: string; teacher: string } | null;
  // type 3
  recommend?: RecommendPart[];
  // type 5
  activities?: ActivityCard[];
  // type 6
  questions?: string[];
}

/** 继续 is offered under a reply that was cut short and has a record to continue (spec §2). */
export const canContinue = (m: ChatMessage) =>
  m.type === MESSAGE_TYPE.ROBOT && !m.loading && m.recordId !== undefined
  && (m.status === 'stopped' || m.status === 'interrupted' || (m.status === 'failed' && m.content !== ''));

const imagesOf = (parts: unknown[] | null): string[] =>
  (parts ?? []).flatMap((p) => {
    const part = p as { type?: string; image_url?: { url?: string } };
    return part.type === 'image_url' && part.image_url?.url ? [part.image_url.url] : [];
  });

/**
 * A stored exchange as the panel shows it: the question, then the robot's turn under its avatar —
 * the reply, the recommend content found for the question, the activity list, a notice and the
 * related questions.
 */
export function recordToMessages(r: RecordItem): ChatMessage[] {
  const at = { create_time: r.create_time, recordId: r.id };
  const recommend = parseRecommendContent(r.recommend_content);
  const activities = parseActivityContent(r.activity_content);
  const out: ChatMessage[] = [
    { key: `q${r.id}`, type: 1, content: r.question, ...at, images: imagesOf(r.question_parts), annex: r.annex },
  ];
  out.push({ key: `a${r.id}`, type: 2, content: r.answer, reasoning: r.reasoning, status: r.status, sources: r.sources, correction: r.correction ?? null, ...at, loading: false });
  if (recommend.length) out.push({ key: `c${r.id}`, type: 3, content: '', recommend, ...at });
  if (activities.length) out.push({ key: `v${r.id}`, type: 5, content: '', activities, ...at });
  if (r.notice) out.push({ key: `n${r.id}`, type: 7, content: r.notice, ...at });
  if (r.correlation_questions.length) out.push({ key: `r${r.id}`, type: 6, content: '', questions: r.correlation_questions, ...at });
  return out;
}
