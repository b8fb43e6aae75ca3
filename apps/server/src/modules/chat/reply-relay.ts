import type { Deps } from '../../types.ts';
import type { SseStream } from '../../lib/sse.ts';
import type { OpenStreams } from './open-streams.ts';

/**
 * Issue 24: a reply streams on the node holding its model call; a resumed send (same
 * client_msg_id, possibly on another node) watches it through the cluster (Redis; in process
 * without it). One channel carries the resumers' requests (`attach`, `detach`) to every node,
 * one channel per reply carries the holder's answer: a snapshot of the text so far, then each
 * delta with its offset (so a resumer appends only what continues its text), then `end`.
 */
const ATTACH = 'chat-attach';
export const replyChannel = (recordId: number) => `chat-reply:${recordId}`;

export type AttachMessage = { id: number; watcher: string; left?: true };

export type RelayMessage =
  | { k: 'snap'; watcher: string; answer: string; reasoning: string }
  | { k: 'd'; kind: 'chat' | 'reasoning'; at: number; text: string }
  /** A notice (`msg`) or a tool call's card (`activity`), as sent. */
  | { k: 'ev'; event: 'msg' | 'activity'; data: unknown }
  | { k: 'end' };

const publish = (deps: Deps, channel: string, message: RelayMessage | AttachMessage) =>
  deps.cluster.publish(channel, JSON.stringify(message)).catch(() => {
    // A lost relay message is made up at the end: the resumer re-reads the stored reply.
  });

export const sendAttach = (deps: Deps, message: AttachMessage) => publish(deps, ATTACH, message);

/** Passes every resumer's request to the reply it names, when it streams on this node; the function returned stops listening. */
export function listenForResumes(deps: Deps, streams: OpenStreams): () => void {
  return deps.cluster.subscribe(ATTACH, (raw) => {
    let m: AttachMessage;
    try {
      m = JSON.parse(raw) as AttachMessage;
    } catch {
      return;
    }
    const held = streams.heldReply(Number(m.id));
    if (m.left) held?.detach?.(m.watcher);
    else held?.attach?.(m.watcher);
  });
}

/**
 * Makes the reply streamed into `sse` here resumable: its events are relayed, a resumer's request
 * is answered with the text so far, and a client that vanished without 停止回答 leaves the answer
 * running for `graceMs` (docs/decisions.md "A vanished client is not a stop"): it ends `stopped` only
 * when no resumed stream watches by then. Explicit 停止回答 (`stop`) still ends it at once.
 * Returns the function to call once the reply has ended and been stored.
 */
export function relayReply(deps: Deps, streams: OpenStreams, sse: SseStream, recordId: number, graceMs: number): () => void {
  const channel = replyChannel(recordId);
  const watchers = new Set<string>();
  let grace: NodeJS.Timeout | null = null;
  let clientGone = false;
  const stop = () => sse.abort.abort(new Error('stopped'));
  const waitForResume = () => {
    if (!clientGone || watchers.size || grace) return;
    if (graceMs === 0) return stop();
    grace = setTimeout(stop, graceMs);
  };
  const resumed = () => {
    if (grace) clearTimeout(grace);
    grace = null;
  };
  sse.whenClientGone(() => {
    clientGone = true;
    waitForResume();
  });
  sse.relayTo((event, data) => {
    // Nobody watching: nothing to relay (a resumer gets everything so far in its snapshot).
    if (!watchers.size) return;
    if (event === 'chat' || event === 'reasoning') {
      const text = (data as { content: string }).content;
      const soFar = streams.progress.read(recordId);
      if (!soFar) return;
      // The pipeline appends before it sends: the text so far ends with this delta.
      const at = (event === 'chat' ? soFar.answer : soFar.reasoning).length - text.length;
      void publish(deps, channel, { k: 'd', kind: event, at, text });
    } else if (event === 'msg' || event === 'activity') {
      void publish(deps, channel, { k: 'ev', event, data });
    }
  });
  const release = streams.hold(recordId, {
    stop,
    attach(watcher) {
      watchers.add(watcher);
      resumed();
      const now = streams.progress.read(recordId);
      // Ending already: no snapshot, the resumer takes the stored reply at `end`.
      if (now) void publish(deps, channel, { k: 'snap', watcher, answer: now.answer, reasoning: now.reasoning });
    },
    detach(watcher) {
      watchers.delete(watcher);
      waitForResume();
    },
  });
  return () => {
    resumed();
    release();
    void publish(deps, channel, { k: 'end' });
  };
}
