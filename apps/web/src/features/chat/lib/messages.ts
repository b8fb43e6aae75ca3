import { MESSAGE_TYPE, type AnnexItem, type ChatSource, type RecordItem, type ReplyStatus } from '@xueban/contract/chat';

/**
 * One message of the chat panel (spec §3 "Message types"): 1 the user's question, 2 the robot's
 * reply, 6 related questions under a reply, 7 a system notice. The history and the live stream
 * both become this shape, so the list renders one thing.
 */
export interface ChatMessage {
  key: string;
  type: 1 | 2 | 6 | 7;
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

/** A stored exchange as the panel shows it: question, reply, its notice and its related questions. */
export function recordToMessages(r: RecordItem): ChatMessage[] {
  const out: ChatMessage[] = [
    { key: `q${r.id}`, type: 1, content: r.question, create_time: r.create_time, recordId: r.id, images: imagesOf(r.question_parts), annex: r.annex },
    {
      key: `a${r.id}`, type: 2, content: r.answer, reasoning: r.reasoning, status: r.status, sources: r.sources,
      create_time: r.create_time, recordId: r.id, loading: false,
    },
  ];
  if (r.notice) out.push({ key: `n${r.id}`, type: 7, content: r.notice, create_time: r.create_time, recordId: r.id });
  if (r.correlation_questions.length) {
    out.push({ key: `r${r.id}`, type: 6, content: '', questions: r.correlation_questions, create_time: r.create_time, recordId: r.id });
  }
  return out;
}
