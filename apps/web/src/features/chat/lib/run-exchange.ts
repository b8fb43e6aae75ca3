import { CHAT_EVENTS, type ChatEventName } from '@xueban/contract/constants/chat';
import type { CallInput } from '@xueban/contract/call';
import { ChatLower, ChatRecordsLower } from '@xueban/contract/calls/chat';
import { Code } from '@xueban/contract/codes';
import { call, showError } from '../../../lib/api.ts';
import { SseError, postSse } from '../../../lib/sse.ts';
import type { ChatAction } from './chat-reducer.ts';
import { stopReply } from '../api/stop.ts';

export const STREAM_URL = ChatLower.stream.path;

const isChatEvent = (name: string): name is ChatEventName => (CHAT_EVENTS as readonly string[]).includes(name);

let current: AbortController | null = null;

/**
 * `records` comes at the end of a stream, so a stopped answer never hears its record id, which
 * 继续 needs. The question was stored before the model was asked: it is the session's newest.
 */
async function learnRecordId(sessionId: number, keys: string[], dispatch: (a: ChatAction) => void) {
  try {
    const log = await call(ChatRecordsLower.chatLog, { category_id: sessionId, page_type: 0, page: 1, limit: 1 });
    const id = log.records.data.at(-1)?.id;
    if (id) dispatch({ type: 'record', keys, id });
  } catch {
    // Without the id the stopped answer just offers no 继续.
  }
}

/** 停止回答: aborts the stream in flight (the server stops the model and keeps the partial text). */
export const stopExchange = () => current?.abort();

/**
 * Streams one exchange into the chat state. Events become reducer actions; a body that ends
 * without `close` still ends the exchange; an abort marks the reply stopped. A connection-level
 * failure (spec §4) removes the new messages and restores the input, after telling why: the
 * server's refusal text (its msg) or 请求失败，请重试！. A session that has ended calls
 * `onSessionEnded` (the panel's login prompt).
 */
export async function runExchange(
  body: CallInput<typeof ChatLower.stream> & { category_id: number },
  dispatch: (a: ChatAction) => void,
  o: {
    /** The new question's and reply's keys, to name their record after a stop. */
    keys?: string[];
    onSessionEnded: () => void;
  },
): Promise<void> {
  const { keys } = o;
  current?.abort();
  const controller = new AbortController();
  current = controller;
  let ended = false;
  let recordId: number | undefined;
  try {
    const result = await postSse(STREAM_URL, body, {
      signal: controller.signal,
      onEvent: (e) => {
        if (!isChatEvent(e.event)) return;
        let data: unknown;
        try {
          data = JSON.parse(e.data || '{}');
        } catch {
          return;
        }
        if (e.event === 'close' || e.event === 'error') ended = true;
        if (e.event === 'records') recordId = (data as { id?: number }).id;
        dispatch({ type: 'event', name: e.event, data } as ChatAction);
      },
    });
    if (result === 'aborted') {
      dispatch({ type: 'stopped' });
      // Also by name, for the node holding the answer should the closed connection not reach it.
      if (body.client_msg_id) void stopReply({ category_id: body.category_id, client_msg_id: body.client_msg_id }).catch(() => {});
      if (!recordId && !body.continue_id && keys) void learnRecordId(body.category_id, keys, dispatch);
    }
    else if (!ended) dispatch({ type: 'ended' });
  } catch (err) {
    if (!(err instanceof SseError)) throw err;
    dispatch({ type: 'connectionError' });
    if (err.code === Code.TOKEN_INVALID || err.code === Code.TOKEN_EXPIRED) o.onSessionEnded();
    else if (err.code === null || err.code <= 50000) showError(err.message);
  } finally {
    if (current === controller) current = null;
  }
}
