import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A test stand-in for an OpenAI-compatible provider: real HTTP and SSE on 127.0.0.1, answering
 * `POST /v1/chat/completions` from scripts the test queues, `POST /v1/embeddings` from `embed`,
 * and `GET /v1/models`.
 */
export interface Script {
  reasoning?: string[];
  tokens?: string[];
  /** Pause between chunks. */
  delayMs?: number;
  /** Pause before the response starts. */
  firstByteDelayMs?: number;
  /** Answer with this HTTP status and an error body instead of a stream. */
  status?: number;
  /** Destroy the socket after this many token chunks. */
  dropAfter?: number;
  /** Stop sending (but keep the connection open) after this many token chunks. */
  stallAfter?: number;
  /** After this many token chunks, send an error inside the stream (as a provider does when it fails mid-answer) and end. */
  errorAfter?: number;
  /** After this many token chunks, send a frame that is not JSON and end. */
  garbleAfter?: number;
  /** After the tokens, ask to call these tools (delta.tool_calls, finish_reason tool_calls). */
  toolCalls?: { name: string; arguments: string }[];
  /** Write each frame in two writes split inside a multi-byte character. */
  splitInsideChar?: boolean;
}

export interface SeenRequest {
  body: any;
  /** When the client closed the connection before the answer ended (ms since epoch). */
  closedEarlyAt: number | null;
}

export class FakeOpenAI {
  readonly requests: SeenRequest[] = [];
  /** Scripts for the next streamed completions, in order; then `fallback`. */
  readonly queue: Script[] = [];
  fallback: Script = { tokens: ['你好', '，', '同学'] };
  /** The answer of non-streamed completions (related questions). */
  completion = '什么是勾股定理？\n2. 怎么证明它？\n- 有哪些应用';
  /** The vector of one text for /v1/embeddings (default: its characters hashed into 64 dimensions). */
  embed: (text: string) => number[] = hashedCharacters;
  /** Answer /v1/embeddings with this HTTP status instead (a provider outage). */
  embeddingStatus: number | null = null;
  readonly embeddingInputs: string[] = [];
  /** Connections ever opened to it (egress tests prove a refused URL never reached it). */
  connections = 0;
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();

  get url() {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/v1`;
  }

  get chatRequests() {
    return this.requests.filter((r) => r.body?.stream);
  }

  async start() {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.on('connection', (s) => {
      this.connections++;
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async stop() {
    for (const s of this.sockets) s.destroy();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /** Relevance of a document to a query for /v1/rerank (Jina/Cohere shape); default: shared characters. */
  rerank: (query: string, document: string) => number = (q, d) => [...new Set(q)].filter((ch) => d.includes(ch)).length;

  private async rerankAnswer(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { query: string; documents: string[] };
    const results = body.documents.map((d, index) => ({ index, relevance_score: this.rerank(body.query, d) }))
      .sort((a, b) => b.relevance_score - a.relevance_score);
    return json(res, 200, { results });
  }

  private async embeddings(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { model: string; input: string | string[] };
    if (this.embeddingStatus) return json(res, this.embeddingStatus, { error: { message: 'embedding provider unavailable' } });
    const inputs = [body.input].flat();
    this.embeddingInputs.push(...inputs);
    return json(res, 200, {
      object: 'list', model: body.model, usage: { prompt_tokens: 0, total_tokens: 0 },
      data: inputs.map((text, index) => ({ object: 'embedding', index, embedding: this.embed(text) })),
    });
  }

  /** Texts the moderation endpoint flags, with the categories it names (OpenAI's /moderations shape). */
  moderationRules: { includes: string; categories: string[] }[] = [];
  readonly moderationRequests: { model: string; input: string }[] = [];

  private async moderation(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { model: string; input: string };
    this.moderationRequests.push(body);
    const flagged = this.moderationRules.filter((r) => body.input.includes(r.includes)).flatMap((r) => r.categories);
    const categories = Object.fromEntries(flagged.map((c) => [c, true]));
    return json(res, 200, { id: 'modr-fake', model: body.model, results: [{ flagged: flagged.length > 0, categories, category_scores: Object.fromEntries(flagged.map((c) => [c, 0.99])) }] });
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    if (req.method === 'GET' && req.url === '/v1/models') return json(res, 200, { object: 'list', data: [{ id: 'fake-chat', object: 'model' }] });
    if (req.method === 'POST' && req.url === '/v1/embeddings') return this.embeddings(req, res);
    if (req.method === 'POST' && req.url === '/v1/rerank') return this.rerankAnswer(req, res);
    if (req.method === 'POST' && req.url === '/v1/moderations') return this.moderation(req, res);
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return json(res, 404, { error: { message: 'not found' } });
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const seen: SeenRequest = { body: JSON.parse(Buffer.concat(chunks).toString('utf8')), closedEarlyAt: null };
    this.requests.push(seen);
    let finished = false;
    res.on('close', () => { if (!finished) seen.closedEarlyAt = Date.now(); });
    if (!seen.body.stream) {
      finished = true;
      return json(res, 200, completion(seen.body.model, this.completion));
    }
    const s = this.queue.shift() ?? this.fallback;
    if (s.firstByteDelayMs) await sleep(s.firstByteDelayMs);
    if (s.status) {
      finished = true;
      return json(res, s.status, { error: { message: 'upstream exploded', type: 'server_error' } });
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    // Each write resolves once flushed, so a drop or stall after it happens after the client has it.
    const send = (b: Buffer) => new Promise<void>((resolve) => res.write(b, () => resolve()));
    const write = async (data: unknown) => {
      const frame = Buffer.from(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
      const cut = s.splitInsideChar ? frame.findIndex((b) => b >= 0x80) : -1;
      if (cut > 0) {
        await send(frame.subarray(0, cut + 1));
        await sleep(5);
        await send(frame.subarray(cut + 1));
      } else {
        await send(frame);
      }
    };
    for (const r of s.reasoning ?? []) {
      if (res.destroyed) return;
      await write(chunk(seen.body.model, { reasoning_content: r }));
      if (s.delayMs) await sleep(s.delayMs);
    }
    let n = 0;
    for (const t of s.tokens ?? []) {
      if (res.destroyed) return;
      if (s.dropAfter !== undefined && n === s.dropAfter) {
        await sleep(20);
        return void res.socket?.destroy();
      }
      if (s.stallAfter !== undefined && n === s.stallAfter) return; // silent until the client gives up
      if (n === s.errorAfter || n === s.garbleAfter) {
        await write(n === s.errorAfter ? { error: { message: 'The server had an error while processing your request.', type: 'server_error' } } : '{"choices": [');
        return void res.end();
      }
      await write(chunk(seen.body.model, { content: t }));
      n++;
      if (s.delayMs) await sleep(s.delayMs);
    }
    for (const [index, call] of (s.toolCalls ?? []).entries()) {
      // As providers send them: the call's id and name first, then its arguments in pieces.
      await write(chunk(seen.body.model, { tool_calls: [{ index, id: `call_${index}`, type: 'function', function: { name: call.name, arguments: '' } }] }));
      for (const piece of [call.arguments.slice(0, 5), call.arguments.slice(5)]) {
        await write(chunk(seen.body.model, { tool_calls: [{ index, function: { arguments: piece } }] }));
      }
    }
    const finish = s.toolCalls?.length ? 'tool_calls' : 'stop';
    await write({ ...chunk(seen.body.model, {}), choices: [{ index: 0, delta: {}, finish_reason: finish }] });
    await write('[DONE]');
    finished = true;
    res.end();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const chunk = (model: string, delta: object) => ({
  id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 0, model,
  choices: [{ index: 0, delta, finish_reason: null }],
});

const completion = (model: string, content: string) => ({
  id: 'chatcmpl-fake', object: 'chat.completion', created: 0, model,
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
});

/** A stand-in embedding: each character bumps one of 64 dimensions, normalised. */
function hashedCharacters(text: string): number[] {
  const v = new Array<number>(64).fill(0);
  for (const ch of text) v[(ch.codePointAt(0) ?? 0) % 64]! += 1;
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}
