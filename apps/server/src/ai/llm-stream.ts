import type OpenAI from 'openai';
import { APIError } from 'openai';
import { createParser } from 'eventsource-parser';
import type { ResolvedModel } from './model-client.ts';

export type ChatMessage = OpenAI.Chat.Completions.ChatCompletionMessageParam;
export interface Delta { kind: 'chat' | 'reasoning'; text: string }

export class UpstreamTimeout extends Error {
  constructor(readonly phase: 'first-byte' | 'idle') {
    super(`upstream ${phase} timeout`);
  }
}

/**
 * The model asked to call a tool although none was offered (tools come with MCP integrations):
 * nothing more will come of this turn.
 */
export class UnexpectedToolCall extends Error {
  constructor() {
    super('model asked for a tool call');
  }
}

export interface StreamOptions {
  signal: AbortSignal;
  firstByteMs: number;
  idleMs: number;
  /**
   * Function tools offered to the model (issue 19). With them, the tool calls the model asks for
   * are collected into `toolCalls` (the caller runs them) instead of failing the turn.
   */
  tools?: OpenAI.Chat.Completions.ChatCompletionTool[];
  toolCalls?: ToolCallRequest[];
}

/** A tool call as the model asked for it, its arguments still the JSON text it sent. */
export interface ToolCallRequest { id: string; name: string; arguments: string }

/** Adds one streamed tool-call delta (pieces arrive by index) to the calls collected so far. */
function collectToolCall(into: ToolCallRequest[], d: { index?: number; id?: string; function?: { name?: string; arguments?: string } }) {
  const i = d.index ?? into.length;
  const call = (into[i] ??= { id: '', name: '', arguments: '' });
  if (d.id) call.id = d.id;
  if (d.function?.name) call.name += d.function.name;
  if (d.function?.arguments) call.arguments += d.function.arguments;
}

type Chunk = OpenAI.Chat.Completions.ChatCompletionChunk;
type ChunkDelta = { content?: string | null; reasoning_content?: string | null; tool_calls?: Parameters<typeof collectToolCall>[1][] };

/**
 * Streams a chat completion as answer and reasoning deltas (`reasoning_content`, as DeepSeek,
 * Qwen and others send it). The call is aborted by the caller's signal, when no byte arrives
 * within `firstByteMs`, or when the stream stalls for `idleMs`.
 *
 * The SDK sends the request (its headers, its errors for an answer that is not 2xx); the events
 * are read here with eventsource-parser: the SDK's own reader (three async generators, a line
 * decoder) cost about as much per token as everything else the relay does (docs/benchmarks.md,
 * issue 23). Events that arrive in one read go on as one delta of each kind, so a loaded server
 * writes fewer, larger events instead of falling behind.
 */
export async function* streamCompletion(model: ResolvedModel, messages: ChatMessage[], o: StreamOptions): AsyncGenerator<Delta> {
  const timer = new AbortController();
  let phase: UpstreamTimeout['phase'] = 'first-byte';
  let timeout = setTimeout(() => timer.abort(), o.firstByteMs);
  // Once per read, so about once per token of every open stream: after the first, the idle timer
  // is pushed back in place (refresh) rather than cleared and created again.
  const rearm = () => {
    if (phase === 'idle') {
      timeout.refresh();
      return;
    }
    clearTimeout(timeout);
    phase = 'idle';
    timeout = setTimeout(() => timer.abort(), o.idleMs);
  };
  const signal = AbortSignal.any([o.signal, timer.signal]);
  let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  /** The body was read to its end (else it is cancelled, which ends the upstream call). */
  let drained = false;
  try {
    const res = await model.client.chat.completions.create(
      { model: model.model, messages, stream: true, ...(o.tools?.length ? { tools: o.tools } : {}) },
      { signal, maxRetries: 0 },
    ).asResponse();
    if (!res.body) throw new Error('upstream answered without a body');
    reader = res.body.getReader();
    const arrived: Chunk[] = [];
    let failure: Error | null = null;
    // [DONE] ends the answer; the body is still read to its end, so the connection can be used again.
    let finished = false;
    const parser = createParser({
      onEvent(e) {
        if (finished || failure) return;
        if (e.data.startsWith('[DONE]')) {
          finished = true;
          return;
        }
        try {
          const data = JSON.parse(e.data) as Chunk & { error?: unknown };
          // An error sent inside the stream, as the SDK reads it.
          if (data?.error) failure = new APIError(undefined, data.error as object, undefined, res.headers);
          else arrived.push(data);
        } catch (err) {
          failure = err as Error;
        }
      },
    });
    const decoder = new TextDecoder();
    let toolCall = false;
    const collecting = !!(o.toolCalls && o.tools?.length);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      rearm();
      parser.feed(decoder.decode(value, { stream: true }));
      let pending = null as Delta | null;
      for (const chunk of arrived) {
        const choice = chunk.choices[0];
        const delta = choice?.delta as ChunkDelta | undefined;
        for (const [kind, text] of [['reasoning', delta?.reasoning_content], ['chat', delta?.content]] as const) {
          if (!text) continue;
          if (pending?.kind === kind) pending.text += text;
          else {
            if (pending) yield pending;
            pending = { kind, text };
          }
        }
        if (delta?.tool_calls?.length || choice?.finish_reason === 'tool_calls') toolCall = true;
        if (collecting) for (const d of delta?.tool_calls ?? []) collectToolCall(o.toolCalls!, d);
      }
      arrived.length = 0;
      if (pending) yield pending;
      // What came before a failure is shown first, as it would have been had it come alone.
      if (failure) throw failure;
    }
    drained = true;
    if (toolCall && !collecting) throw new UnexpectedToolCall();
    // A body that ends quietly on an abort must not read as a complete answer.
    if (timer.signal.aborted && !o.signal.aborted) throw new UpstreamTimeout(phase);
    o.signal.throwIfAborted();
  } catch (err) {
    if (timer.signal.aborted && !o.signal.aborted) throw new UpstreamTimeout(phase);
    throw err;
  } finally {
    clearTimeout(timeout);
    // Left before the end (the caller stopped reading, or an error): the upstream call ends too.
    if (reader && !drained) void reader.cancel().catch(() => {});
  }
}

/** A short, non-streamed completion (related questions); '' on any failure. */
export async function complete(model: ResolvedModel, messages: ChatMessage[], timeoutMs: number, signal?: AbortSignal): Promise<string> {
  try {
    const res = await model.client.chat.completions.create(
      { model: model.model, messages, stream: false },
      { signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs), maxRetries: 0 },
    );
    return res.choices[0]?.message?.content ?? '';
  } catch {
    return '';
  }
}
