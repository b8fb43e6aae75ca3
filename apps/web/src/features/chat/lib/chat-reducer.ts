import { MSG } from '@xueban/contract/messages';
import type { ChatEventData, ChatEventName } from '@xueban/contract/chat';
import type { ChatMessage } from './messages.ts';

/**
 * The send state machine of spec §4, pure so it is tested without a browser:
 * idle → (send) waiting → (first content or reasoning) streaming → (close) cooldown → (200 ms) idle.
 * - waiting: the reply shows 等待回复中...., 停止回答 is disabled;
 * - streaming: 停止回答 is enabled; send is disabled in every phase but idle;
 * - `error` event: loading ends, the reply reads the event's msg or 请求失败，请重试！;
 * - a connection-level failure removes both new messages and gives the input back;
 * - a broken stream re-sent (`resuming`) keeps both, the reply's text then filled again by the replay.
 */
export type Phase = 'idle' | 'waiting' | 'streaming' | 'cooldown';

export interface ChatStreamState {
  phase: Phase;
  /** The input box's text (kept here so a failed send can restore it). */
  input: string;
  /** Messages added since the session was opened, shown after its history. */
  live: ChatMessage[];
  /** History replies reopened by 继续, shown in place of the stored ones. */
  overrides: Record<string, ChatMessage>;
  /** The exchange in flight: which reply the events fill, and how to undo it. */
  pending: { replyKey: string; userKey?: string; input: string; before?: ChatMessage } | null;
}

export type ChatAction =
  | { type: 'input'; value: string }
  | { type: 'send'; user: ChatMessage; reply: ChatMessage; input: string }
  | { type: 'continue'; reply: ChatMessage }
  | { [K in ChatEventName]: { type: 'event'; name: K; data: ChatEventData[K] } }[ChatEventName]
  | { type: 'stopped' }
  /** The record id learnt after the stream (a stopped answer never got its `records` event). */
  | { type: 'record'; keys: string[]; id: number }
  | { type: 'ended' }
  | { type: 'connectionError' }
  /** The stream broke and the same send was re-sent: the server replays the reply from its start. */
  | { type: 'resuming' }
  | { type: 'reenable' }
  /** Messages stored without a stream (an intent asked from a recommend list). */
  | { type: 'append'; messages: ChatMessage[] }
  | { type: 'reset' };

export const initialChatState: ChatStreamState = { phase: 'idle', input: '', live: [], overrides: {}, pending: null };

export const canSend = (s: ChatStreamState) => s.phase === 'idle';
export const canStop = (s: ChatStreamState) => s.phase === 'streaming';

function patchReply(s: ChatStreamState, fn: (m: ChatMessage) => ChatMessage): ChatStreamState {
  const key = s.pending?.replyKey;
  if (!key) return s;
  if (s.live.some((m) => m.key === key)) return { ...s, live: s.live.map((m) => (m.key === key ? fn(m) : m)) };
  const old = s.overrides[key];
  return old ? { ...s, overrides: { ...s.overrides, [key]: fn(old) } } : s;
}

/** Ends the exchange: loading off; sending comes back after the cooldown. */
const settle = (s: ChatStreamState, fn: (m: ChatMessage) => ChatMessage = (m) => m): ChatStreamState => {
  if (!s.pending) return s;
  const done = patchReply(s, (m) => fn({ ...m, loading: false }));
  return { ...done, phase: 'cooldown', pending: null };
};

function onEvent(s: ChatStreamState, a: Extract<ChatAction, { type: 'event' }>): ChatStreamState {
  if (!s.pending) return s;
  const replyKey = s.pending.replyKey;
  switch (a.name) {
    case 'chat':
    case 'reasoning': {
      const delta = a.data.content ?? '';
      const field = a.name === 'chat' ? 'content' : 'reasoning';
      const next = patchReply(s, (m) => ({ ...m, [field]: (m[field] ?? '') + delta }));
      return delta ? { ...next, phase: 'streaming' } : next;
    }
    case 'finish': {
      const next = patchReply(s, (m) => ({ ...m, status: a.data.status, sources: a.data.sources ?? [] }));
      const recommend = a.data.recommend_content ?? [];
      if (!recommend.length) return next;
      // The matched intent's recommend content follows the reply, as a stored record shows it.
      const item: ChatMessage = { key: `c-${replyKey}`, type: 3, content: '', recommend, create_time: Math.floor(Date.now() / 1000) };
      return { ...next, live: [...next.live.filter((m) => m.key !== item.key), item] };
    }
    case 'remove_msg':
      return patchReply(s, (m) => ({ ...m, content: '' }));
    case 'msg':
      return { ...s, live: [...s.live, { key: `n-${replyKey}-${s.live.length}`, type: 7, content: a.data.content, create_time: Math.floor(Date.now() / 1000) }] };
    case 'correlation_questions': {
      const key = `r-${replyKey}`;
      const item: ChatMessage = { key, type: 6, content: '', questions: a.data, create_time: Math.floor(Date.now() / 1000) };
      return { ...s, live: [...s.live.filter((m) => m.key !== key), item] };
    }
    case 'records': {
      const id = a.data.id;
      const userKey = s.pending.userKey;
      const next = patchReply(s, (m) => ({ ...m, recordId: id }));
      return { ...next, live: next.live.map((m) => (m.key === userKey ? { ...m, recordId: id } : m)) };
    }
    case 'error':
      return settle(s, (m) => ({ ...m, content: a.data.msg || MSG.requestFailed, status: 'failed' }));
    case 'close':
      return settle(s);
    case 'heartbeat':
      return s;
    case 'activity': {
      // A tool call's card (issue 19): one activity list per reply, each card updated in place by its id.
      const key = `v-${replyKey}`;
      const list = s.live.find((m) => m.key === key);
      const cards = list?.activities ?? [];
      const next = cards.some((c) => c.id === a.data.id) ? cards.map((c) => (c.id === a.data.id ? a.data : c)) : [...cards, a.data];
      const item: ChatMessage = list ? { ...list, activities: next } : { key, type: 5, content: '', activities: next, create_time: Math.floor(Date.now() / 1000) };
      return { ...s, live: list ? s.live.map((m) => (m.key === key ? item : m)) : [...s.live, item] };
    }
  }
}

export function chatReducer(s: ChatStreamState, a: ChatAction): ChatStreamState {
  switch (a.type) {
    case 'input':
      return { ...s, input: a.value };
    case 'send':
      if (!canSend(s)) return s;
      return {
        ...s,
        phase: 'waiting',
        input: '',
        live: [...s.live, a.user, { ...a.reply, loading: true }],
        pending: { replyKey: a.reply.key, userKey: a.user.key, input: a.input },
      };
    case 'continue': {
      if (!canSend(s)) return s;
      const inLive = s.live.some((m) => m.key === a.reply.key);
      const reopened = { ...a.reply, loading: true, status: 'streaming' as const };
      return {
        ...s,
        phase: 'waiting',
        live: inLive ? s.live.map((m) => (m.key === a.reply.key ? reopened : m)) : s.live,
        overrides: inLive ? s.overrides : { ...s.overrides, [a.reply.key]: reopened },
        pending: { replyKey: a.reply.key, input: s.input, before: a.reply },
      };
    }
    case 'event':
      return onEvent(s, a);
    case 'stopped':
      return settle(s, (m) => ({ ...m, status: 'stopped' }));
    case 'ended':
      return settle(s);
    case 'record': {
      const keys = new Set(a.keys);
      const set = (m: ChatMessage) => (keys.has(m.key) ? { ...m, recordId: a.id } : m);
      return { ...s, live: s.live.map(set) };
    }
    case 'connectionError': {
      const p = s.pending;
      if (!p) return s;
      if (p.before) {
        // 继续 failed to connect: the reply goes back to what it was.
        const before = p.before;
        const inLive = s.live.some((m) => m.key === before.key);
        return {
          ...s,
          phase: 'idle',
          pending: null,
          live: inLive ? s.live.map((m) => (m.key === before.key ? before : m)) : s.live,
          overrides: inLive ? s.overrides : Object.fromEntries(Object.entries(s.overrides).filter(([k]) => k !== before.key)),
        };
      }
      const ours = new Set([p.replyKey, p.userKey, `r-${p.replyKey}`, `v-${p.replyKey}`]);
      const gone = (m: ChatMessage) => ours.has(m.key) || m.key.startsWith(`n-${p.replyKey}-`);
      return { ...s, phase: 'idle', pending: null, input: p.input, live: s.live.filter((m) => !gone(m)) };
    }
    case 'resuming':
      // The question stays, the input stays empty: only the reply's text is replaced by the replay's.
      return patchReply(s, (m) => ({ ...m, content: '', reasoning: '' }));
    case 'reenable':
      return s.phase === 'cooldown' ? { ...s, phase: 'idle' } : s;
    case 'append':
      return { ...s, live: [...s.live, ...a.messages] };
    case 'reset':
      return { ...initialChatState, input: s.input };
  }
}
