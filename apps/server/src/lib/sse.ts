import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ChatEventData, ChatEventName } from '@xueban/contract/chat';

/**
 * A server-sent event stream on a hijacked reply: named events with JSON data, a heartbeat
 * while it is open, and `aborted` once the client went away (停止回答, a closed tab).
 */
export class SseStream {
  readonly abort = new AbortController();
  private heartbeat: NodeJS.Timeout | null = null;
  private ended = false;

  constructor(private readonly req: FastifyRequest, private readonly reply: FastifyReply) {}

  /** Sends the headers and starts the heartbeat; `onBeat` also runs at each beat (saving progress). */
  open(heartbeatMs: number, onBeat?: () => void) {
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
      if (!this.ended) this.abort.abort(new Error('client closed'));
      this.stopHeartbeat();
    });
    this.heartbeat = setInterval(() => {
      this.send('heartbeat', {});
      onBeat?.();
    }, heartbeatMs);
  }

  get closed() {
    return this.ended || this.abort.signal.aborted;
  }

  send<K extends ChatEventName>(event: K, data: ChatEventData[K]) {
    if (this.closed) return;
    this.reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  end() {
    if (this.ended) return;
    this.stopHeartbeat();
    this.ended = true;
    if (!this.reply.raw.writableEnded) this.reply.raw.end();
  }

  private stopHeartbeat() {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }
}
