import type { FastifyPluginAsync } from 'fastify';
import { OpenStreams, nodeName } from './open-streams.ts';
import { interruptOrphanedReplies, sweepStaleReplies } from './reply-store.ts';
import { chatStreamRoutes } from './stream.routes.ts';
import { shareOpenStreams } from './answer-for.service.ts';
import { listenForStops } from './stop.service.ts';
import { listenForResumes } from './reply-relay.ts';

/** A reply not saved for this long is dead (its node crashed): several heartbeats. */
const STALE_AFTER_HEARTBEATS = 6;
const SWEEP_EVERY_MS = 60_000;

/**
 * The chat's boot work, registered by the app: the reply sweeper, the open streams and their
 * shutdown save; then the stream route, which uses them.
 */
export const chatPlugin: FastifyPluginAsync = async (app) => {
  const { db, config, dbKind } = app.deps;
  const node = nodeName(config);
  const streams = new OpenStreams(db, app.deps.cluster, config, node, (err) => app.log.error({ err }, 'saving replies failed'));

  // At boot, before anything streams: replies a killed process left `streaming` are interrupted at
  // once. The embedded database has no other writer, so all of them; on PostgreSQL those of this
  // node name (other nodes may be streaming theirs). Then every minute: replies that stopped
  // saving (a node that died and has not come back) become `interrupted`.
  const staleMs = Math.max(config.CHAT_HEARTBEAT_MS * STALE_AFTER_HEARTBEATS, 30_000);
  const sweep = () => sweepStaleReplies(db, staleMs).catch((err: unknown) => app.log.error({ err }, 'reply sweep failed'));
  app.addHook('onReady', async () => {
    const orphaned = await interruptOrphanedReplies(db, dbKind === 'pglite' ? null : node)
      .catch((err: unknown) => { app.log.error({ err }, 'boot reply sweep failed'); return 0; });
    if (orphaned) app.log.info({ replies: orphaned }, 'replies left streaming by a stopped process marked interrupted');
    await sweep();
  });
  const timer = setInterval(() => void sweep(), SWEEP_EVERY_MS).unref();
  // On SIGTERM (app.close) every open stream saves its reply as interrupted before the server stops.
  // 停止回答 may be pressed on another node than the one holding the answer: every node hears it.
  const stopListening = listenForStops(app.deps, streams);
  // A resumed send on any node asks the holder of its reply for the text so far (reply-relay.ts).
  const resumesListening = listenForResumes(app.deps, streams);
  app.addHook('preClose', async () => {
    clearInterval(timer);
    stopListening();
    resumesListening();
    await streams.close();
  });

  // Issue 25: /v1 answers run in the same open streams (answer-for.service.ts).
  shareOpenStreams(app.deps, streams, node);
  await app.register(chatStreamRoutes, { streams, node });
};
