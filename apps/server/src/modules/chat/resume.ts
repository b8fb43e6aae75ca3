import { randomUUID } from 'node:crypto';
import type { ChatEventData } from '@xueban/contract/chat';
import type { Deps } from '../../types.ts';
import type { SseStream } from '../../lib/sse.ts';
import { readExchange, takeOverReply, type Exchange, type RecordRow } from './reply-store.ts';
import { replyChannel, sendAttach, type RelayMessage } from './reply-relay.ts';

/** How often a resumer re-reads the reply (the end it may have missed, a holder that died). */
const POLL_MS = 500;
/** How long a resumer waits for the holder's snapshot before it reads the holder as silent. */
const SNAPSHOT_WAIT_MS = 1500;
/** How often a resumer whose holder is silent tries to take the reply over (a conditional UPDATE). */
const TRY_EVERY_MS = 2000;

/**
 * A reply not saved for this long, whose holder does not answer, has lost its node: the holder
 * saves at every heartbeat even while the model is silent, so three missed heartbeats (at least
 * 10 s, so a node busy for a moment is not robbed) mean it is gone.
 */
export const takeoverAfterMs = (config: Deps['config']) =>
  config.CHAT_TAKEOVER_AFTER_MS ?? Math.max(config.CHAT_HEARTBEAT_MS * 3, 10_000);

/** What the resumed client has been sent of each text; only what continues it is sent. */
class Mirror {
  answer = '';
  reasoning = '';
  constructor(private readonly sse: SseStream) {}

  /** The whole text as the holder or the record has it: sends the part past what was sent. */
  catchUp(kind: 'chat' | 'reasoning', full: string) {
    const sent = kind === 'chat' ? this.answer : this.reasoning;
    if (full.length > sent.length && full.startsWith(sent)) this.delta(kind, sent.length, full.slice(sent.length));
  }

  /** A live delta starting at `at`: only the part past what was sent, and none after a gap. */
  delta(kind: 'chat' | 'reasoning', at: number, text: string) {
    const sent = kind === 'chat' ? this.answer : this.reasoning;
    if (at > sent.length || at + text.length <= sent.length) return;
    const part = text.slice(sent.length - at);
    if (kind === 'chat') this.answer += part;
    else this.reasoning += part;
    this.sse.send(kind, { content: part });
  }
}

/** The end of a stream as a replay sends it: the stored text past what was sent, then finish, related questions, records, close. */
export function sendEnding(sse: SseStream, record: RecordRow, mirror = new Mirror(sse)) {
  mirror.catchUp('reasoning', record.reasoning);
  mirror.catchUp('chat', record.answer);
  if (record.status !== 'streaming') sse.send('finish', { status: record.status, sources: record.sources });
  if (record.correlationQuestions.length) sse.send('correlation_questions', record.correlationQuestions);
  sse.send('records', { id: record.id });
  sse.send('close', {});
  sse.end();
}

/** A reply this node took over: it continues here, from the stored partial, as 继续 does. */
export type Continue = (record: RecordRow, history: Exchange[]) => Promise<void>;

/**
 * A send repeated while its reply still streams (its client reconnected, maybe to another node):
 * the text so far, then the rest live until the reply ends, then what a replay ends with. The
 * live part comes from the holder through the cluster (subscribed before asking for the snapshot,
 * so nothing falls between them); the stored reply, re-read every POLL_MS, fills what the relay
 * missed and tells the end. A holder that is gone (silent, the reply stale) loses the reply to
 * this node, exactly once (takeOverReply), and `continueHere` goes on with it.
 */
export async function resumeReply(
  deps: Deps, sse: SseStream, record: RecordRow,
  o: { node: string; continueHere: Continue; historyLimit: number; shutdown: AbortSignal },
): Promise<void> {
  const { node, continueHere, historyLimit, shutdown } = o;
  sse.open(deps.config.CHAT_HEARTBEAT_MS);
  const mirror = new Mirror(sse);
  const watcher = randomUUID();
  const inbox: RelayMessage[] = [];
  let wake: (() => void) | null = null;
  const unsubscribe = deps.cluster.subscribe(replyChannel(record.id), (raw) => {
    try {
      inbox.push(JSON.parse(raw) as RelayMessage);
    } catch {
      return;
    }
    wake?.();
  });
  const onAbort = () => wake?.();
  sse.abort.signal.addEventListener('abort', onAbort);
  shutdown.addEventListener('abort', onAbort);
  const started = Date.now();
  let snapped = false;
  let lastHeard = started;
  let lastPoll = 0;
  let lastTry = 0;
  const staleMs = takeoverAfterMs(deps.config);
  try {
    await sendAttach(deps, { id: record.id, watcher });
    for (;;) {
      if (!inbox.length && !sse.closed) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, POLL_MS);
        });
        wake = null;
      }
      // This node stops: the stream ends without `close`, and the client resumes on another node.
      if (sse.closed || shutdown.aborted) return;
      let ended = false;
      if (inbox.length) lastHeard = Date.now();
      for (const m of inbox.splice(0)) {
        if (m.k === 'snap' && m.watcher === watcher && !snapped) {
          snapped = true;
          mirror.catchUp('reasoning', m.reasoning);
          mirror.catchUp('chat', m.answer);
        } else if (m.k === 'd' && snapped) mirror.delta(m.kind, m.at, m.text);
        else if (m.k === 'ev' && snapped) {
          if (m.event === 'msg') sse.send('msg', m.data as ChatEventData['msg']);
          else sse.send('activity', m.data as ChatEventData['activity']);
        }
        else if (m.k === 'end') ended = true;
      }
      if (!ended && Date.now() - lastPoll < POLL_MS) continue;
      lastPoll = Date.now();
      const now = await readExchange(deps.db, record.id);
      if (!now) return sendEnding(sse, { ...record, status: 'interrupted' }, mirror);
      if (now.status !== 'streaming') return sendEnding(sse, now, mirror);
      // The holder speaks (or spoke a moment ago, a model may pause): the relay is the truth.
      if (snapped && Date.now() - lastHeard < SNAPSHOT_WAIT_MS) continue;
      // No snapshot (yet), or a holder silent since: the stored text so far, as it grows.
      mirror.catchUp('reasoning', now.reasoning);
      mirror.catchUp('chat', now.answer);
      if (Date.now() - started < SNAPSHOT_WAIT_MS || Date.now() - lastTry < TRY_EVERY_MS) continue;
      lastTry = Date.now();
      const history = await takeOverReply(deps.db, now, node, staleMs, historyLimit);
      if (history) {
        unsubscribe();
        return await continueHere({ ...now, streamNode: node }, history);
      }
      // Held elsewhere (alive, or just taken over by another resumer): ask its holder again.
      if (!snapped) await sendAttach(deps, { id: record.id, watcher });
    }
  } finally {
    unsubscribe();
    sse.abort.signal.removeEventListener('abort', onAbort);
    shutdown.removeEventListener('abort', onAbort);
    void sendAttach(deps, { id: record.id, watcher, left: true });
    if (!sse.closed) sse.end();
  }
}
