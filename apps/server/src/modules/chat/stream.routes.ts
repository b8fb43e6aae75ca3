import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chatStreamBody } from '@xueban/contract/chat';
import { caller } from '../../lib/auth.ts';
import { runChat } from '../../ai/chat-pipeline.ts';
import { SseStream } from '../../ai/sse.ts';
import { ProgressSaver, sweepStaleReplies, type RecordRow } from './reply-store.ts';
import { prepareChat } from './stream.service.ts';

/** A reply not saved for this long is dead (its node crashed): several heartbeats. */
const STALE_AFTER_HEARTBEATS = 6;
const SWEEP_EVERY_MS = 60_000;
/** How often a growing reply is saved (how much a crash can lose, and what a reload mid-answer shows). */
const SAVE_EVERY_MS = 1000;

/** 流式对话 POST /api/ai/chat/stream (design.md §4), plus the sweeper and the shutdown save. */
export const chatStreamRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const shutdown = new AbortController();
  const running = new Set<Promise<void>>();
  const staleMs = Math.max(deps.config.CHAT_HEARTBEAT_MS * STALE_AFTER_HEARTBEATS, 30_000);
  const progress = new ProgressSaver(deps.db, SAVE_EVERY_MS, (err) => app.log.error({ err }, 'saving replies failed'));

  // Boot sweep, then every minute: replies left `streaming` by a dead node become `interrupted`.
  const sweep = () => sweepStaleReplies(deps.db, staleMs).catch((err: unknown) => app.log.error({ err }, 'reply sweep failed'));
  app.addHook('onReady', async () => { await sweep(); });
  const timer = setInterval(() => void sweep(), SWEEP_EVERY_MS).unref();
  // On SIGTERM (app.close) every open stream saves its reply as interrupted before the server stops.
  app.addHook('preClose', async () => {
    clearInterval(timer);
    shutdown.abort();
    await Promise.allSettled([...running]);
    progress.stop();
  });

  app.post('/api/ai/chat/stream', {
    schema: { tags: ['Chat'], summary: '流式对话（server-sent events）', body: chatStreamBody },
    config: { access: 'user', tenant: { resource: 'session', field: 'category_id', in: 'body' }, rateLimit: { max: deps.config.CHAT_RATE_LIMIT, timeWindow: 60_000, keyGenerator: (req) => `chat:${req.auth?.userId ?? req.ip}` } },
  }, async (req, reply) => {
    const body = req.body;
    const prepared = await prepareChat(deps, caller(req), body);
    const sse = new SseStream(req, reply);
    const run = prepared.fresh
      ? runChat({
          deps, sse, progress, log: req.log, shutdown: shutdown.signal,
          robot: prepared.robot, record: prepared.record, question: prepared.question, parts: prepared.parts,
          model: prepared.model, history: prepared.history, bound: prepared.bound,
          annex: prepared.record.annex, isReason: !!body.is_reason, isNetwork: !!body.is_network, isShort: !!body.is_short,
          ...(prepared.continueFrom !== undefined ? { continueFrom: prepared.continueFrom } : {}),
        })
      : replay(sse, prepared.record);
    running.add(run);
    try {
      await run;
    } finally {
      running.delete(run);
    }
  });
};

/** A retried send (same client_msg_id) gets the exchange already stored, not a second answer. */
async function replay(sse: SseStream, record: RecordRow) {
  sse.open(60_000);
  if (record.reasoning) sse.send('reasoning', { content: record.reasoning });
  if (record.answer) sse.send('chat', { content: record.answer });
  if (record.status !== 'streaming') sse.send('finish', { status: record.status, sources: record.sources });
  if (record.correlationQuestions.length) sse.send('correlation_questions', record.correlationQuestions);
  sse.send('records', { id: record.id });
  sse.send('close', {});
  sse.end();
}
