import type { FastifyPluginAsync } from 'fastify';
import { sweepVoiceFiles } from './voice.service.ts';
import { voiceRoutes } from './voice.routes.ts';

const SWEEP_EVERY_MS = 10 * 60_000;
/** A recording lives at most this long untranscribed; a spoken answer this long after its conversation. */
const GRACE_MS = 10 * 60_000;

/** The voice view's calls, and the sweeper that deletes audio with its conversation. */
export const voicePlugin: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  const sweep = () => sweepVoiceFiles(deps, GRACE_MS).catch((err: unknown) => app.log.error({ err }, 'voice file sweep failed'));
  // Only nodes that run background work sweep (WORKERS=0 serves requests only).
  if (deps.config.WORKERS !== 0) {
    const timer = setInterval(() => void sweep(), SWEEP_EVERY_MS).unref();
    app.addHook('preClose', async () => clearInterval(timer));
  }
  await app.register(voiceRoutes);
};
