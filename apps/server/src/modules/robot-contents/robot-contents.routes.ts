import type { FastifyPluginAsync } from 'fastify';
import { Robot } from '@xueban/contract/calls/robots';
import { MSG } from '@xueban/contract/messages';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { caller } from '../../lib/auth.ts';
import { manageAccess } from '../robots/robot-access.ts';
import { bindContents, boundContents, setContentStatus, unbindContent } from './robot-contents.service.ts';

const robot = (where: 'body' | 'query' = 'body') => ({ resource: 'robot', field: 'robot_id', in: where } as const);

/** What a robot draws on: knowledge bases, intent categories, resources (the library tab). */
export const robotContentRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps;

  route(app, Robot.bindedContent, {
    config: { access: manageAccess, tenant: robot('query') },
  }, async (req) => ok(await boundContents(db, caller(req), req.query.robot_id, req.query.type)));

  route(app, Robot.bindContent, {
    config: { access: manageAccess, tenant: robot() },
  }, async (req) => ok(await bindContents(db, caller(req), req.body.robot_id, req.body.type, req.body.ids), MSG.bindingDone));

  route(app, Robot.unbindContent, {
    config: { access: manageAccess, tenant: robot() },
  }, async (req) => {
    await unbindContent(db, caller(req), req.body.robot_id, req.body.type, req.body.id);
    return ok(null, MSG.unbindingDone);
  });

  route(app, Robot.setRobotContentStatus, {
    config: { access: manageAccess, tenant: robot() },
  }, async (req) => {
    await setContentStatus(db, caller(req), req.body.robot_id, req.body.type, req.body.id, req.body.status === 1);
    return ok(null, MSG.updated);
  });
};
