import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ChatEventData, ChatEventName, ChatSource, RecommendPart } from '@xueban/contract/chat';
import { SseStream } from '../../lib/sse.ts';

/** What a finished answer holds, for the non-streaming reply. */
export interface CollectedAnswer {
  content: string;
  reasoning: string;
  sources: ChatSource[];
  /** The matched intent's recommend parts, when one matched. */
  recommend?: RecommendPart[];
  status: string;
  /** A failure's message (the model was unreachable, timed out…). */
  error: string | null;
}

/**
 * The chat pipeline's events in OpenAI's wire format (issue 25): the same runChat writes here as to
 * the chat panel. Streaming: `chat.completion.chunk` lines (`delta.content`, `delta.reasoning_content`),
 * a last chunk with `finish_reason` and our extension `sources`, then `data: [DONE]`. Not streaming:
 * nothing is written; the route answers with `collected` once the run ends. A notice that replaces
 * an answer (sensitive words) reaches the caller as content, as the panel shows it.
 */
export class OpenAiStream extends SseStream {
  readonly collected: CollectedAnswer = { content: '', reasoning: '', sources: [], status: 'streaming', error: null };
  private done = false;
  /** After `finish` the caller has its answer: runChat's related questions (another model call) are skipped. */
  private finished = false;
  private beat: NodeJS.Timeout | null = null;
  private readonly created = Math.floor(Date.now() / 1000);
  private readonly out: FastifyReply;

  constructor(
    req: FastifyRequest, reply: FastifyReply,
    private readonly o: { stream: boolean; id: string; model: string; headers: Record<string, string> },
  ) {
    super(req, reply);
    this.out = reply;
  }

  override open(heartbeatMs: number, onBeat?: () => void) {
    const raw = this.out.raw;
    raw.on('close', () => {
      if (!this.done && !raw.writableFinished) this.abort.abort(new Error('client closed'));
      this.stopBeat();
    });
    if (this.o.stream) {
      this.out.hijack();
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', connection: 'keep-alive',
        'x-accel-buffering': 'no', 'x-content-type-options': 'nosniff', ...this.o.headers,
      });
      raw.flushHeaders();
    }
    this.beat = setInterval(() => {
      // An SSE comment: clients skip it, proxies see the line alive.
      if (this.o.stream && !this.closed) raw.write(': ping\n\n');
      onBeat?.();
    }, heartbeatMs);
  }

  override get closed() {
    return this.done || this.finished || this.abort.signal.aborted;
  }

  override send<K extends ChatEventName>(event: K, data: ChatEventData[K]) {
    if (this.closed) return;
    const c = this.collected;
    switch (event) {
      case 'chat':
      case 'msg': {
        const text = (data as ChatEventData['chat']).content;
        c.content += text;
        this.chunk({ content: text });
        break;
      }
      case 'reasoning': {
        const text = (data as ChatEventData['reasoning']).content;
        c.reasoning += text;
        this.chunk({ reasoning_content: text });
        break;
      }
      case 'error':
        c.error = (data as ChatEventData['error']).msg;
        break;
      case 'finish': {
        const f = data as ChatEventData['finish'];
        c.status = f.status;
        c.sources = f.sources;
        if (f.recommend_content) c.recommend = f.recommend_content;
        if (c.error && this.o.stream) this.write({ error: { message: c.error, type: 'api_error', param: null, code: 'upstream_error' } });
        else this.chunk({}, f.status === 'done' ? 'stop' : 'length', { sources: f.sources, ...(f.recommend_content ? { recommend_content: f.recommend_content } : {}) });
        this.finished = true;
        break;
      }
      default:
        // heartbeat, related questions, records, close: nothing in OpenAI's format.
        break;
    }
  }

  override end() {
    if (this.done) return;
    this.stopBeat();
    if (this.o.stream && !this.abort.signal.aborted) {
      this.out.raw.write('data: [DONE]\n\n');
      this.out.raw.end();
    }
    this.done = true;
  }

  private chunk(delta: Record<string, string>, finish: string | null = null, extra: Record<string, unknown> = {}) {
    this.write({
      id: this.o.id, object: 'chat.completion.chunk', created: this.created, model: this.o.model,
      choices: [{ index: 0, delta: { role: 'assistant', ...delta }, finish_reason: finish }], ...extra,
    });
  }

  private write(value: unknown) {
    if (this.o.stream) this.out.raw.write(`data: ${JSON.stringify(value)}\n\n`);
  }

  private stopBeat() {
    if (this.beat) clearInterval(this.beat);
    this.beat = null;
  }
}
