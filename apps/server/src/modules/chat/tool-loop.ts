import type { FastifyBaseLogger } from 'fastify';
import type { ActivityCard } from '@xueban/contract/chat';
import { MSG } from '@xueban/contract/messages';
import type { Deps } from '../../types.ts';
import type { SseStream } from '../../lib/sse.ts';
import type { ResolvedModel } from '../../ai/model-client.ts';
import { streamCompletion, type ChatMessage, type Delta, type ToolCallRequest } from '../../ai/llm-stream.ts';
import { redact, runRobotTool, type RobotFunctionTool, type ToolOutcome } from '../mcp/mcp-chat.service.ts';

/** Rounds of tool calls in one answer; the round after the last is offered no tools, so the model answers. */
export const MAX_TOOL_ROUNDS = 4;
/** What of a tool's result is kept in the stored activity (the model gets more). */
const KEPT_RESULT = 2000;
const FED_RESULT = 20_000;

/** A tool call's card as stored with the reply: the card fields, plus what the admin's records show. */
export interface ToolActivity extends ActivityCard {
  id: string;
  tool: string;
  arguments: string;
  result: string;
}

export interface ToolLoopInput {
  deps: Deps;
  model: ResolvedModel;
  messages: ChatMessage[];
  tools: RobotFunctionTool[];
  signal: AbortSignal;
  firstByteMs: number;
  idleMs: number;
  sse: SseStream;
  log: FastifyBaseLogger;
  recordId: number;
  /** Filled as calls start and end: the pipeline stores it with the reply. */
  activities: ToolActivity[];
}

const SECRET_KEY = /pass(word)?|secret|token|api[-_]?key|authori[sz]ation|cookie/i;

/** Arguments as logged: secret-looking fields and the service's header values blanked. */
function loggedArguments(args: Record<string, unknown>, secrets: readonly string[]): string {
  const text = JSON.stringify(args, (k, v: unknown) => (k && SECRET_KEY.test(k) ? '[redacted]' : v));
  return redact(text, secrets).slice(0, KEPT_RESULT);
}

function parseArguments(text: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(text || '{}');
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The model's answer with function calling (design.md §4 "MCP tools"): each round streams the
 * model; when it asks for tools, they run (all of a round's at once), each shown as an activity
 * card while it runs and when it ends, and their results (or why they failed) go back to the
 * model for the next round. A failed or timed-out tool does not end the answer; an abort (停止回答,
 * shutdown) ends the call in flight and the answer.
 */
export async function* toolLoopDeltas(x: ToolLoopInput): AsyncGenerator<Delta> {
  const messages = [...x.messages];
  const byName = new Map(x.tools.map((t) => [t.fn, t]));
  for (let round = 0; ; round++) {
    const offer = round < MAX_TOOL_ROUNDS;
    const calls: ToolCallRequest[] = [];
    let text = '';
    for await (const d of streamCompletion(x.model, messages, {
      signal: x.signal, firstByteMs: x.firstByteMs, idleMs: x.idleMs,
      ...(offer ? { tools: x.tools.map((t) => t.definition), toolCalls: calls } : {}),
    })) {
      if (d.kind === 'chat') text += d.text;
      yield d;
    }
    const asked = calls.filter((c) => c.name);
    if (!asked.length) return;
    messages.push({
      role: 'assistant', content: text || null,
      tool_calls: asked.map((c, i) => ({ id: c.id || `call_${round}_${i}`, type: 'function', function: { name: c.name, arguments: c.arguments || '{}' } })),
    });
    const results = await Promise.all(asked.map((c, i) => runOne(x, byName.get(c.name), c, `${round}-${i}`)));
    asked.forEach((c, i) => messages.push({ role: 'tool', tool_call_id: c.id || `call_${round}_${i}`, content: results[i]! }));
  }
}

/** One call: its card sent running, then done or failed with its duration; the text the model reads back. */
async function runOne(x: ToolLoopInput, tool: RobotFunctionTool | undefined, call: ToolCallRequest, id: string): Promise<string> {
  const started = Date.now();
  const args = parseArguments(call.arguments);
  const activity: ToolActivity = {
    id: `tool-${id}`, title: tool?.title ?? call.name, icon_url: '', content_type_str: tool?.serviceName ?? '',
    state: 'running', duration_ms: 0, tool: tool?.name ?? call.name,
    arguments: args ? loggedArguments(args, tool?.secrets ?? []) : call.arguments.slice(0, KEPT_RESULT), result: '',
  };
  x.activities.push(activity);
  const card = () => ({ id: activity.id, title: activity.title, icon_url: '', content_type_str: activity.content_type_str, state: activity.state, duration_ms: activity.duration_ms });
  x.sse.send('activity', card());
  let outcome: ToolOutcome;
  try {
    if (!tool) outcome = { ok: false, reason: 'failed', text: `${MSG.mcpToolNotFound}：${call.name}` };
    else if (!args) outcome = { ok: false, reason: 'failed', text: `${MSG.mcpToolFailed}：arguments are not a JSON object` };
    else outcome = await runRobotTool(x.deps, tool, args, x.signal);
  } catch (err) {
    // Stopped (停止回答) or shut down: the card ends failed, the answer ends with the abort.
    activity.state = 'failed';
    activity.duration_ms = Date.now() - started;
    activity.result = MSG.mcpToolStopped;
    x.sse.send('activity', card());
    throw err;
  }
  activity.state = outcome.ok ? 'done' : 'failed';
  activity.duration_ms = Date.now() - started;
  activity.result = redact(outcome.text, tool?.secrets ?? []).slice(0, KEPT_RESULT);
  x.sse.send('activity', card());
  x.log.info({ record: x.recordId, tool: activity.tool, state: activity.state, ms: activity.duration_ms, arguments: activity.arguments, result: activity.result.slice(0, 500) }, 'chat tool call');
  // The service's own secrets are not handed to the model either (it could repeat them).
  return redact(outcome.text, tool?.secrets ?? []).slice(0, FED_RESULT) || (outcome.ok ? '(empty result)' : MSG.mcpToolFailed);
}
