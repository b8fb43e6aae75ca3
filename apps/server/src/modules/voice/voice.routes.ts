import type { FastifyPluginAsync } from 'fastify';
import { Voice } from '@xueban/contract/calls/voice';
import { ok } from '../../lib/envelope.ts';
import { caller } from '../../lib/auth.ts';
import { route } from '../../lib/route.ts';
import { voiceGenerate, voiceInfo, voiceTransfer } from './voice.service.ts';

/** 语音视图 (spec §7: voiceTransferHs, voiceGenerate; issue 26) */
export const voiceRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  // Each recording is a provider call: as many per minute as chat questions.
  const perMinute = { max: deps.config.CHAT_RATE_LIMIT, timeWindow: 60_000 };

  route(app, Voice.voiceInfo, { config: { access: 'user' } }, async () => ok(await voiceInfo(deps)));

  route(app, Voice.voiceTransferHs, { config: { access: 'user', rateLimit: perMinute } },
    async (req) => ok(await voiceTransfer(deps, caller(req), req.body, req.log)));

  route(app, Voice.voiceGenerate, {
    config: { access: 'user', tenant: { resource: 'record', field: 'record_id', in: 'query' }, rateLimit: perMinute },
  }, async (req) => ok(await voiceGenerate(deps, caller(req), req.query.record_id, req.log)));
};
