import type { FastifyPluginAsync } from 'fastify';
import { ChatLower } from '@xueban/contract/calls/chat';
import { caller } from '../../lib/auth.ts';
import { route } from '../../lib/route.ts';
import { SseStream } from '../../lib/sse.ts';
import { runChat } from './answer-pipeline.ts';
import type { OpenStreams } from './open-streams.ts';
import type { Exchange, RecordRow } from './reply-store.ts';
import { HISTORY_EXCHANGES, prepareChat } from './stream.service.ts';
import { relayReply } from './reply-relay.ts';
import { resumeReply, sendEnding } from './resume.ts';
import { stopReply } from './stop.service.ts';
import { ok } from '../../lib/envelope.ts';
import { MSG } from '@xueban/contract/messages';
import { lessonContext } from '../courses/course-records.service.ts';

/** 流式对话 POST /api/ai/chat/stream (design.md §4); the open streams and their shutdown are chat.plugin.ts's. */
export const chatStreamRoutes: FastifyPluginAsync<{ streams: OpenStreams; node: string }> = async (app, { streams, node }) => {
  const deps = app.deps;

  route(app, ChatLower.stream, {
    config: { access: 'user', tenant: { resource: 'session', field: 'category_id', in: 'body' }, rateLimit: { max: deps.config.CHAT_RATE_LIMIT, timeWindow: 60_000, keyGenerator: (req) => `chat:${req.auth?.userId ?? req.ip}` } },
  }, async (req, reply) => {
    const body = req.body;
    const me = caller(req);
    // Taken before the question is stored, given back however the stream ends (finish, error, abort, replay).
    const giveBack = await streams.slots.take(me);
    try {
      // A question about a course lesson: refused (locked, not the student's) before anything is stored.
      const { plan_id: planId, node_id: nodeId } = body.extra;
      const lesson = planId && nodeId ? await lessonContext(deps.db, me, planId, nodeId) : null;
      const prepared = await prepareChat(deps, me, body, node, req.log);
      const sse = new SseStream(req, reply);
      const answer = (record: RecordRow, more: { continueFrom?: string; history?: Exchange[] } = {}) => {
        // 停止回答 pressed on any node reaches this one through the cluster (chat.plugin.ts); a resume
        // on any node watches it (reply-relay.ts); a vanished client leaves it a grace period.
        const ended = relayReply(deps, streams, sse, record.id, deps.config.CHAT_RESUME_GRACE_MS);
        return runChat({
          deps, sse, progress: streams.progress, log: req.log, shutdown: streams.signal,
          robot: prepared.robot, record, question: prepared.question, parts: prepared.parts,
          model: prepared.model, history: more.history ?? prepared.history, bound: prepared.bound,
          annex: record.annex, isReason: !!body.is_reason, isNetwork: !!body.is_network, isShort: !!body.is_short, lesson,
          ...(more.continueFrom !== undefined ? { continueFrom: more.continueFrom } : {}),
        }).finally(ended);
      };
      await streams.track(prepared.fresh
        ? answer(prepared.record, prepared.continueFrom !== undefined ? { continueFrom: prepared.continueFrom } : {})
        // A retried send: the stored exchange, and while it still streams (here or on another node) the rest live;
        // its node gone, it continues here.
        : prepared.record.status === 'streaming'
          ? resumeReply(deps, sse, prepared.record, {
            node, historyLimit: HISTORY_EXCHANGES, shutdown: streams.signal,
            continueHere: (taken, history) => answer(taken, { continueFrom: taken.answer, history }),
          })
          : replay(sse, prepared.record));
    } finally {
      giveBack();
    }
  });

  route(app, ChatLower.stop, {
    config: { access: 'user', tenant: { resource: 'session', field: 'category_id', in: 'body' } },
  }, async (req) => {
    await stopReply(deps, caller(req), req.body);
    return ok(null, MSG.done);
  });
};

/** A retried send (same client_msg_id) gets the exchange already stored, not a second answer. */
async function replay(sse: SseStream, record: RecordRow) {
  sse.open(60_000);
  sendEnding(sse, record);
}
