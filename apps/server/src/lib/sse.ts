import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ChatEventData, ChatEventName } from '@xueban/contract/chat';

type Tap = <K extends ChatEventName>(event: K, data: ChatEventData[K]) => void;

/**
 * A server-sent event stream on a hijacked reply: named events with JSON data, a heartbeat
 * while it is open, and `aborted` once the client went away (停止回答, a closed tab) — unless
 * the owner asked to hear of a vanished client instead (`whenClientGone`): a chat answer then
 * keeps running for a resume (docs/decisions.md "A vanished client is not a stop").
 */
export class SseStream {
  readonly abort = new AbortController();
  private heartbeat: NodeJS.Timeout | null = null;
  private ended = false;
  private opened = false;
  /** The client's connection closed before the end, without aborting the stream. */
  private gone = false;
  private onGone: (() => void) | null = null;
  private tap: Tap | null = null;

  constructor(private readonly req: FastifyRequest, private readonly reply: FastifyReply) {}

  /**
   * Sends the headers and starts the heartbeat; `onBeat` also runs at each beat (saving progress).
   * Opening again (a resumed answer that continues on this node) only swaps the beat's work.
   */
  open(heartbeatMs: number, onBeat?: () => void) {
    if (this.opened) {
      this.stopHeartbeat();
      this.startHeartbeat(heartbeatMs, onBeat);
      return;
    }
    this.opened = true;
    this.reply.hijack();
    const raw = this.reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // Proxies such as nginx must pass each event on at once.
      'x-accel-buffering': 'no',
      'x-request-id': this.req.id,
      'x-content-type-options': 'nosniff',
    });
    raw.flushHeaders();
    // The response closing before we ended it means the client left.
    raw.on('close', () => {
      if (this.ended || this.abort.signal.aborted) return;
      if (this.onGone) {
        // The beat keeps running: it is also what proves the answer alive to the other nodes.
        this.gone = true;
        this.onGone();
      } else {
        this.abort.abort(new Error('client closed'));
        this.stopHeartbeat();
      }
    });
    this.startHeartbeat(heartbeatMs, onBeat);
  }

  /** A vanished client calls `handler` instead of aborting the stream (the handler decides when to stop). */
  whenClientGone(handler: () => void) {
    this.onGone = handler;
  }

  /** Every event sent is also given to `tap`, even once the client is gone (relayed to a resumed stream). */
  relayTo(tap: Tap) {
    this.tap = tap;
  }

  get closed() {
    return this.ended || this.abort.signal.aborted;
  }

  /** The client is no longer reading (gone or aborted): writes go nowhere. */
  get clientGone() {
    return this.gone || this.closed;
  }

  send<K extends ChatEventName>(event: K, data: ChatEventData[K]) {
    if (this.closed) return;
    this.tap?.(event, data);
    if (this.gone) return;
    this.reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  end() {
    if (this.ended) return;
    this.stopHeartbeat();
    this.ended = true;
    if (!this.reply.raw.writableEnded) this.reply.raw.end();
  }

  private startHeartbeat(heartbeatMs: number, onBeat?: () => void) {
    this.heartbeat = setInterval(() => {
      this.send('heartbeat', {});
      onBeat?.();
    }, heartbeatMs);
  }

  private stopHeartbeat() {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }
}
