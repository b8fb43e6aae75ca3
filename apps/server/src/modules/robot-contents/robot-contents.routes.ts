import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '@xueban/contract/messages';
import { bindContentBody, boundContentQuery, contentStatusBody, unbindContentBody } from '@xueban/contract/knowledge';
import { ok } from '../../lib/envelope.ts';
import { caller } from '../../lib/auth.ts';
import { manageAccess } from '../robots/robot-access.ts';
import { bindContents, boundContents, setContentStatus, unbindContent } from './robot-contents.service.ts';

const tags = ['Robot'];
const robot = (where: 'body' | 'query' = 'body') => ({ resource: 'robot', field: 'robot_id', in: where } as const);

/** What a robot draws on: knowledge bases, intent categories, resources (the library tab). */
export const robotContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get('/api/ai/Robot/bindedContent', {
    schema: { tags, summary: '机器人已关联的内容', querystring: boundContentQuery },
    config: { access: manageAccess, tenant: robot('query') },
  }, async (req) => ok(await boundContents(db, caller(req), req.query.robot_id, req.query.type)));

  app.post('/api/ai/Robot/bindContent', {
    schema: { tags, summary: '关联内容到机器人', body: bindContentBody },
    config: { access: manageAccess, tenant: robot() },
  }, async (req) => ok(await bindContents(db, caller(req), req.body.robot_id, req.body.type, req.body.ids), MSG.bindingDone));

  app.post('/api/ai/Robot/unbindContent', {
    schema: { tags, summary: '取消关联', body: unbindContentBody },
    config: { access: manageAccess, tenant: robot() },
  }, async (req) => {
    await unbindContent(db, caller(req), req.body.robot_id, req.body.type, req.body.id);
    return ok(null, MSG.unbindingDone);
  });

  app.post('/api/ai/Robot/setRobotContentStatus', {
    schema: { tags, summary: '启用或停用关联内容', body: contentStatusBody },
    config: { access: manageAccess, tenant: robot() },
  }, async (req) => {
    await setContentStatus(db, caller(req), req.body.robot_id, req.body.type, req.body.id, req.body.status === 1);
    return ok(null, MSG.updated);
  });
};
