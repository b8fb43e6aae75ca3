import type { FastifyBaseLogger } from 'fastify';
import type { ChatStreamBody } from '@xueban/contract/chat';
import type { Deps } from '../../types.ts';
import type { AuthContext } from '../../lib/auth.ts';
import type { SseStream } from '../../lib/sse.ts';
import { runChat } from './answer-pipeline.ts';
import type { OpenStreams } from './open-streams.ts';
import { prepareChat } from './stream.service.ts';

/**
 * The chat panel's answer for callers that are not the panel (issue 25: the OpenAI-compatible /v1
 * endpoints and embedded pages): the same checks, storage and pipeline as POST /api/ai/chat/stream,
 * written to any SseStream (a subclass may speak another wire format). The open streams are the
 * chat plugin's, one set per app (keyed by its deps).
 */
const openStreams = new WeakMap<Deps, { streams: OpenStreams; node: string }>();

/** Called once by the chat plugin at boot. */
export function shareOpenStreams(deps: Deps, streams: OpenStreams, node: string) {
  openStreams.set(deps, { streams, node });
}

/**
 * Refusals (404, 403, 400, 429) are thrown before `sse` is opened; otherwise the answer runs to its
 * end (runChat closes `sse`). Returns the stored exchange's record id.
 */
export async function answerFor(deps: Deps, me: AuthContext, body: ChatStreamBody, sse: SseStream, log: FastifyBaseLogger): Promise<number> {
  const open = openStreams.get(deps);
  if (!open) throw new Error('the chat plugin is not registered');
  const { streams, node } = open;
  const giveBack = await streams.slots.take(me);
  try {
    const prepared = await prepareChat(deps, me, body, node, log);
    if (!prepared.fresh) throw new Error('answerFor: a retried send is not replayed here');
    await streams.track(runChat({
      deps, sse, progress: streams.progress, log, shutdown: streams.signal,
      robot: prepared.robot, record: prepared.record, question: prepared.question, parts: prepared.parts,
      model: prepared.model, history: prepared.history, bound: prepared.bound,
      annex: prepared.record.annex, isReason: !!body.is_reason, isNetwork: !!body.is_network, isShort: !!body.is_short,
    }));
    return prepared.record.id;
  } finally {
    giveBack();
  }
}
