import type { FastifyPluginAsync } from 'fastify';
import { RobotApiKey } from '@xueban/contract/calls/robot-api';
import { caller } from '../../lib/auth.ts';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { manageAccess } from '../robots/robot-access.ts';
import { createKey, listKeys, revoke, robotUsage } from './keys.service.ts';

/** A robot's API keys, embed keys and share links (issue 25); the endpoints they open are openai.routes.ts. */
export const robotApiKeyRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;
  const robotProbe = (where: 'query' | 'body') => ({ resource: 'robot', field: 'robot_id', in: where }) as const;
  route(app, RobotApiKey.lists, { config: { access: manageAccess, tenant: robotProbe('query') } },
    async (req) => ok(await listKeys(deps, caller(req), req.query.robot_id)));
  route(app, RobotApiKey.create, { config: { access: manageAccess, tenant: robotProbe('body') } },
    async (req) => ok(await createKey(deps, caller(req), req.body)));
  route(app, RobotApiKey.revoke, { config: { access: manageAccess, tenant: { resource: 'apiKey', field: 'id', in: 'body' } } },
    async (req) => ok(await revoke(deps, caller(req), req.body.id)));
  route(app, RobotApiKey.usage, { config: { access: manageAccess, tenant: robotProbe('query') } },
    async (req) => ok(await robotUsage(deps, caller(req), req.query.robot_id)));
};
