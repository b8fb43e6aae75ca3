import type OpenAI from 'openai';
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

/**
 * Streams a chat completion as answer and reasoning deltas (`reasoning_content`, as DeepSeek,
 * Qwen and others send it). The call is aborted by the caller's signal, when no byte arrives
 * within `firstByteMs`, or when the stream stalls for `idleMs`.
 */
export async function* streamCompletion(model: ResolvedModel, messages: ChatMessage[], o: StreamOptions): AsyncGenerator<Delta> {
  const timer = new AbortController();
  let phase: UpstreamTimeout['phase'] = 'first-byte';
  let timeout = setTimeout(() => timer.abort(), o.firstByteMs);
  // Once per chunk, so once per token of every open stream: after the first, the idle timer is
  // pushed back in place (refresh) rather than cleared and created again.
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
  try {
    const stream = await model.client.chat.completions.create(
      { model: model.model, messages, stream: true, ...(o.tools?.length ? { tools: o.tools } : {}) },
      { signal, maxRetries: 0 },
    );
    let toolCall = false;
    for await (const chunk of stream) {
      rearm();
      const choice = chunk.choices[0];
      const delta = choice?.delta as { content?: string | null; reasoning_content?: string | null; tool_calls?: Parameters<typeof collectToolCall>[1][] } | undefined;
      if (delta?.reasoning_content) yield { kind: 'reasoning', text: delta.reasoning_content };
      if (delta?.content) yield { kind: 'chat', text: delta.content };
      if (delta?.tool_calls?.length || choice?.finish_reason === 'tool_calls') toolCall = true;
      if (o.toolCalls && o.tools?.length) for (const d of delta?.tool_calls ?? []) collectToolCall(o.toolCalls, d);
    }
    if (toolCall && !(o.toolCalls && o.tools?.length)) throw new UnexpectedToolCall();
    // The SDK ends an aborted stream quietly; an abort must not read as a complete answer.
    if (timer.signal.aborted && !o.signal.aborted) throw new UpstreamTimeout(phase);
    o.signal.throwIfAborted();
  } catch (err) {
    if (timer.signal.aborted && !o.signal.aborted) throw new UpstreamTimeout(phase);
    throw err;
  } finally {
    clearTimeout(timeout);
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
