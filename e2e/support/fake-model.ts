import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LANE } from './lane.ts';

/**
 * A fake OpenAI-compatible model server on this machine: the outside world speaking its real
 * streaming protocol (SSE chunks with `content` and `reasoning_content` deltas). The chat specs
 * script what it answers and read back what it was asked.
 */

export type ContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string; detail?: string } };
export interface ModelMessage { role: string; content: string | ContentPart[] | null }
/** `tools`: the function tools offered (a robot's MCP tools, issue 19). */
export interface ModelRequest { model: string; stream?: boolean; messages: ModelMessage[]; tools?: { type: 'function'; function: { name: string; description?: string } }[] }

/**
 * One step of a streamed answer: a delta to send, or a promise to wait for, so a test sees the
 * state before the next delta without racing the clock.
 */
export type Step = string | Promise<void>;

/** What one streamed answer sends: reasoning deltas, then content deltas, `gapMs` apart. */
export interface ScriptedAnswer {
  reasoning?: Step[]; content: Step[]; gapMs?: number;
  /** After the content, ask to call these tools (delta.tool_calls, finish_reason tool_calls). */
  toolCalls?: { name: string; arguments: string }[];
}

/** A promise the test settles when it is ready for the model to go on. */
export function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

export interface FakeModel {
  /** The base URL a provider is registered with (…/v1). */
  baseUrl: string;
  /** Every chat completion request received, oldest first. */
  requests: ModelRequest[];
  close: () => Promise<void>;
}

/** The text of a message, whether plain or a part list. */
export const textOf = (m: ModelMessage | undefined) =>
  !m || m.content === null ? '' : typeof m.content === 'string' ? m.content : m.content.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('\n');

/** The last user message of a request: the question (or the 继续 instruction). */
export const lastUserMessage = (r: ModelRequest) => [...r.messages].reverse().find((m) => m.role === 'user');

const RELATED = '1. 光合作用需要什么条件？\n2. 叶绿体有什么作用？';

const chunk = (delta: object, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 0, model: 'fake', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function streamAnswer(res: ServerResponse, answer: ScriptedAnswer) {
  let closed = false;
  res.on('close', () => (closed = true));
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' }).flushHeaders();
  const steps = [
    ...(answer.reasoning ?? []).map((t) => (typeof t === 'string' ? { reasoning_content: t } : t)),
    ...answer.content.map((t) => (typeof t === 'string' ? { content: t } : t)),
  ];
  for (const step of steps) {
    if (step instanceof Promise) {
      await step;
      continue;
    }
    // The server stopped the answer (停止回答): nothing more is sent.
    if (closed) return;
    res.write(chunk(step));
    await sleep(answer.gapMs ?? 150);
  }
  for (const [index, call] of (answer.toolCalls ?? []).entries()) {
    if (closed) return;
    res.write(chunk({ tool_calls: [{ index, id: `call_${index}`, type: 'function', function: { name: call.name, arguments: call.arguments } }] }));
  }
  if (!closed) res.end(`${chunk({}, answer.toolCalls?.length ? 'tool_calls' : 'stop')}data: [DONE]\n\n`);
}

/** What the fake answers to requests that do not stream (the related-questions request). */
export interface FakeModelOptions { related?: (request: ModelRequest) => string }

/**
 * Starts the fake on 127.0.0.1. `script` picks the streamed answer for a request; requests that
 * do not stream (related questions) get `related`'s text, by default two questions as a numbered list.
 */
export async function startFakeModel(script: (request: ModelRequest) => ScriptedAnswer, options: FakeModelOptions = {}): Promise<FakeModel> {
  const requests: ModelRequest[] = [];
  const server = createServer((req, res) => {
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data: [{ id: 'fake', object: 'model' }] }));
      return;
    }
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw) as ModelRequest;
      if (!body.stream) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({
          id: 'c', object: 'chat.completion', created: 0, model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content: options.related?.(body) ?? RELATED }, finish_reason: 'stop' }],
        }));
        return;
      }
      requests.push(body);
      void streamAnswer(res, script(body));
    });
  });
  // The port this lane's server allows as a model origin (e2e/run.mjs); one fake at a time per lane.
  await new Promise<void>((resolve) => server.listen(LANE.modelPort, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
