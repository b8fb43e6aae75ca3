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

/** Waits between re-sends of a broken stream (the server may be restarting, a node just died). */
export const RESUME_BACKOFF_MS = [500, 1000, 2000];

/** A failure a re-send may cure: the connection (not the server's refusal), or a gateway/server error. */
const retriable = (err: SseError) => err.kind !== 'responseError' || err.status >= 500;

const sleep = (ms: number, signal: AbortSignal) => new Promise<void>((resolve) => {
  const timer = setTimeout(resolve, ms);
  signal.addEventListener('abort', () => { clearTimeout(timer); resolve(); }, { once: true });
});

/**
 * Streams one exchange into the chat state. Events become reducer actions; an abort marks the
 * reply stopped. A stream that breaks after it opened (a read error, or the body ending without
 * `close`) is re-sent as it was, same client_msg_id, a few times with a short backoff: the server
 * replays the stored reply and relays the rest (issue 24), so the reply's text is reset at the
 * replay's first event (`resuming`) and nothing is doubled; the question stays. Only when every
 * re-send fails does it end as a connection-level failure (spec §4): the new messages removed and
 * the input restored, after telling why: the server's refusal text (its msg) or 请求失败，请重试！
 * (a body that ended without `close` and cannot be re-sent just ends). A session that has ended
 * calls `onSessionEnded` (the panel's login prompt).
 */
export async function runExchange(
  body: CallInput<typeof ChatLower.stream> & { category_id: number },
  dispatch: (a: ChatAction) => void,
  o: {
    /** The new question's and reply's keys, to name their record after a stop. */
    keys?: string[];
    onSessionEnded: () => void;
    /** The waits before each re-send (tests shorten them). */
    backoffMs?: number[];
  },
): Promise<void> {
  const { keys } = o;
  const backoff = o.backoffMs ?? RESUME_BACKOFF_MS;
  current?.abort();
  const controller = new AbortController();
  current = controller;
  let recordId: number | undefined;
  // Only a send the server can find again is re-sent (继续 reopens a record; a retry of it is refused while it streams).
  const resumable = !!body.client_msg_id && !body.continue_id;
  const stopped = () => {
    dispatch({ type: 'stopped' });
    // Also by name, for the node holding the answer should the closed connection not reach it.
    if (body.client_msg_id) void stopReply({ category_id: body.category_id, client_msg_id: body.client_msg_id }).catch(() => {});
    if (!recordId && !body.continue_id && keys) void learnRecordId(body.category_id, keys, dispatch);
  };
  try {
    for (let attempt = 0; ; attempt++) {
      let ended = false;
      let opened = false;
      let failure: SseError | null = null;
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
            // A re-send's replay starts the reply's text again.
            if (attempt > 0 && !opened && e.event !== 'heartbeat') dispatch({ type: 'resuming' });
            opened = true;
            if (e.event === 'close' || e.event === 'error') ended = true;
            if (e.event === 'records') recordId = (data as { id?: number }).id;
            dispatch({ type: 'event', name: e.event, data } as ChatAction);
          },
        });
        if (result === 'aborted') return stopped();
        if (ended) return;
      } catch (err) {
        if (!(err instanceof SseError)) throw err;
        failure = err;
      }
      // Broken: the body ended without `close` (failure null) or the connection failed.
      const wait = backoff[attempt];
      const again = resumable && wait !== undefined && (failure === null || retriable(failure))
        // The first send must have reached the server (its stream opened) for a re-send to find it.
        && (attempt > 0 || opened || failure?.kind === 'readError' || failure === null);
      if (again) {
        await sleep(wait, controller.signal);
        if (controller.signal.aborted) return stopped();
        continue;
      }
      if (!failure) return dispatch({ type: 'ended' });
      dispatch({ type: 'connectionError' });
      if (failure.code === Code.TOKEN_INVALID || failure.code === Code.TOKEN_EXPIRED) o.onSessionEnded();
      else if (failure.code === null || failure.code <= 50000) showError(failure.message);
      return;
    }
  } finally {
    if (current === controller) current = null;
  }
}
