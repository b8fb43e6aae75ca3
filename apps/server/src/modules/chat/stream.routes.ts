import { hostname } from 'node:os';
import type { FastifyPluginAsync } from 'fastify';
import { ChatLower } from '@xueban/contract/calls/chat';
import { MSG } from '@xueban/contract/messages';
import type { Config } from '../../config.ts';
import { caller, type AuthContext } from '../../lib/auth.ts';
import { route } from '../../lib/route.ts';
import { tooMany } from '../../lib/errors.ts';
import { runChat } from './answer-pipeline.ts';
import { SseStream } from '../../lib/sse.ts';
import { interruptOrphanedReplies, ProgressSaver, sweepStaleReplies, type RecordRow } from './reply-store.ts';
import { prepareChat } from './stream.service.ts';

/** A reply not saved for this long is dead (its node crashed): several heartbeats. */
const STALE_AFTER_HEARTBEATS = 6;
const SWEEP_EVERY_MS = 60_000;
/** How often a growing reply is saved (how much a crash can lose, and what a reload mid-answer shows). */
const SAVE_EVERY_MS = 1000;

/**
 * This process among the nodes of one database: NODE_NAME, else the host name and port (and
 * pm2's instance number), which a restarted node keeps and two live nodes do not share.
 */
export const nodeName = (config: Config) =>
  config.NODE_NAME ?? [hostname(), config.PORT, process.env.NODE_APP_INSTANCE].filter((p) => p !== undefined && p !== '').join(':');

/**
 * Open streams per user and per organisation (the asker's current one), counted in this process:
 * each holds a model connection and its share of the saves, so one account (or one school) cannot
 * take a node's capacity. A later issue counts them in Redis, across nodes.
 */
class StreamSlots {
  private readonly users = new Map<number, number>();
  private readonly groups = new Map<number, number>();
  constructor(private readonly perUser: number, private readonly perGroup: number) {}

  /** A slot for the caller, or 429 (nothing is stored); the function returned gives it back, once. */
  take(me: AuthContext): () => void {
    const mine = this.users.get(me.userId) ?? 0;
    if (mine >= this.perUser) throw tooMany(MSG.chatStreamsPerUser);
    const group = me.groupId || null;
    const ours = group === null ? 0 : this.groups.get(group) ?? 0;
    if (ours >= this.perGroup) throw tooMany(MSG.chatStreamsPerGroup);
    this.users.set(me.userId, mine + 1);
    if (group !== null) this.groups.set(group, ours + 1);
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      release(this.users, me.userId);
      if (group !== null) release(this.groups, group);
    };
  }
}

function release(counts: Map<number, number>, id: number) {
  const left = (counts.get(id) ?? 1) - 1;
  if (left > 0) counts.set(id, left);
  else counts.delete(id);
}

/** 流式对话 POST /api/ai/chat/stream (design.md §4), plus the sweeper, the shutdown save and the open-stream cap. */
export const chatStreamRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  const shutdown = new AbortController();
  const running = new Set<Promise<void>>();
  const staleMs = Math.max(deps.config.CHAT_HEARTBEAT_MS * STALE_AFTER_HEARTBEATS, 30_000);
  const progress = new ProgressSaver(deps.db, SAVE_EVERY_MS, (err) => app.log.error({ err }, 'saving replies failed'));
  const slots = new StreamSlots(deps.config.CHAT_STREAMS_PER_USER, deps.config.CHAT_STREAMS_PER_GROUP);
  const node = nodeName(deps.config);

  // At boot, before anything streams: replies a killed process left `streaming` are interrupted at
  // once. The embedded database has no other writer, so all of them; on PostgreSQL those of this
  // node name (other nodes may be streaming theirs). Then every minute: replies that stopped
  // saving (a node that died and has not come back) become `interrupted`.
  const sweep = () => sweepStaleReplies(deps.db, staleMs).catch((err: unknown) => app.log.error({ err }, 'reply sweep failed'));
  app.addHook('onReady', async () => {
    const orphaned = await interruptOrphanedReplies(deps.db, deps.dbKind === 'pglite' ? null : node)
      .catch((err: unknown) => { app.log.error({ err }, 'boot reply sweep failed'); return 0; });
    if (orphaned) app.log.info({ replies: orphaned }, 'replies left streaming by a stopped process marked interrupted');
    await sweep();
  });
  const timer = setInterval(() => void sweep(), SWEEP_EVERY_MS).unref();
  // On SIGTERM (app.close) every open stream saves its reply as interrupted before the server stops.
  app.addHook('preClose', async () => {
    clearInterval(timer);
    shutdown.abort();
    await Promise.allSettled([...running]);
    progress.stop();
  });

  route(app, ChatLower.stream, {
    config: { access: 'user', tenant: { resource: 'session', field: 'category_id', in: 'body' }, rateLimit: { max: deps.config.CHAT_RATE_LIMIT, timeWindow: 60_000, keyGenerator: (req) => `chat:${req.auth?.userId ?? req.ip}` } },
  }, async (req, reply) => {
    const body = req.body;
    const me = caller(req);
    // Taken before the question is stored, given back however the stream ends (finish, error, abort, replay).
    const giveBack = slots.take(me);
    try {
      const prepared = await prepareChat(deps, me, body, node);
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
    } finally {
      giveBack();
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
