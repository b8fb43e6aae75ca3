import { useQueryClient } from '@tanstack/react-query';
import type { AnnexItem, Question } from '@xueban/contract/chat';
import { MSG } from '@xueban/contract/messages';
import { showError } from '../../../lib/api.ts';
import { sessionsKey } from '../api/sessions.ts';
import { canSend } from '../lib/chat-reducer.ts';
import type { ChatMessage } from '../lib/messages.ts';
import { runExchange, stopExchange } from '../lib/run-exchange.ts';
import { chatDispatch, useChatStream } from '../stores/chat-stream.ts';

export interface SendOptions {
  images?: string[];
  annex?: AnnexItem[];
  isReason?: boolean;
  isNetwork?: boolean;
  /** A question spoken in the voice view: a short, spoken-style answer (is_short, spec §7). */
  isShort?: boolean;
}

const now = () => Math.floor(Date.now() / 1000);

/** 向机器人提问 from a course lesson (/dialogueIndex?…&plan_id=…&node_id=…): every question on the page carries the lesson. */
export function lessonOfPage(search = window.location.search): { plan_id?: number; node_id?: number } {
  const q = new URLSearchParams(search);
  const planId = Number(q.get('plan_id'));
  const nodeId = Number(q.get('node_id'));
  return Number.isInteger(planId) && planId > 0 && Number.isInteger(nodeId) && nodeId > 0 ? { plan_id: planId, node_id: nodeId } : {};
}

/** Text alone is a string; with pictures it is a part list, each picture at detail 'high' (spec §3, §9). */
export function buildQuestion(text: string, images: string[] = []): Question {
  if (!images.length) return text;
  return [
    ...(text ? [{ type: 'text' as const, text }] : []),
    ...images.map((url) => ({ type: 'image_url' as const, image_url: { url, detail: 'high' as const } })),
  ];
}

/**
 * Sending (spec §4, §5): blank input → 输入为空！, not sent; no login → the login prompt; every
 * send carries a fresh client_msg_id so a retried request answers once. 继续 streams into the
 * cut-off reply with its record id.
 */
export function useChatSend(robotId: number, sessionId: number | undefined, login: { ensure: () => boolean; prompt: () => void }) {
  const qc = useQueryClient();
  const afterwards = () => void qc.invalidateQueries({ queryKey: sessionsKey(robotId) });

  /** Returns true when the question went out (the caller then clears attachments). */
  const send = (text: string, o: SendOptions = {}): boolean => {
    if (!login.ensure()) return false;
    const images = o.images ?? [];
    if (!text.trim() && !images.length) {
      showError(MSG.emptyInput);
      return false;
    }
    if (!sessionId || !canSend(useChatStream.getState())) return false;
    const id = crypto.randomUUID();
    const user: ChatMessage = { key: `u-${id}`, type: 1, content: text, images, annex: o.annex ?? [], create_time: now() };
    const reply: ChatMessage = { key: `a-${id}`, type: 2, content: '', reasoning: '', create_time: now() };
    chatDispatch({ type: 'send', user, reply, input: text });
    void runExchange({
      type: 1,
      category_id: sessionId,
      question: buildQuestion(text, images),
      is_reason: o.isReason ? 1 : 0,
      is_network: o.isNetwork ? 1 : 0,
      ...(o.isShort ? { is_short: 1 } : {}),
      extra: { chat_annex: o.annex ?? [], ...lessonOfPage() },
      client_msg_id: id,
    }, chatDispatch, { keys: [user.key, reply.key], onSessionEnded: login.prompt }).finally(afterwards);
    return true;
  };

  const resume = (reply: ChatMessage, question: string, o: SendOptions = {}) => {
    if (!login.ensure() || !sessionId || reply.recordId === undefined || !canSend(useChatStream.getState())) return;
    chatDispatch({ type: 'continue', reply });
    void runExchange({
      type: 1,
      category_id: sessionId,
      question,
      is_reason: o.isReason ? 1 : 0,
      is_network: o.isNetwork ? 1 : 0,
      continue_id: reply.recordId,
      client_msg_id: crypto.randomUUID(),
    }, chatDispatch, { onSessionEnded: login.prompt }).finally(afterwards);
  };

  return { send, resume, stop: stopExchange };
}
