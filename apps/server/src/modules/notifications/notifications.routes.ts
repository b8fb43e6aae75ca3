import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { num } from '@xueban/contract/number';
import { idSchema, pageQuery } from '@xueban/contract/uc';
import { MSG } from '@xueban/contract/messages';
import { ok } from '../../lib/envelope.ts';
import { caller } from '../../lib/auth.ts';
import { notFound } from '../../lib/errors.ts';
import { isOwnNotification, listNotifications, markAllRead, markRead, unreadCount } from './notifications.service.ts';

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get('/lists', {
    schema: { tags: ['notice'], summary: '消息通知列表', querystring: pageQuery.extend({ unread: num(z.number().int().min(0).max(1)).optional() }) },
    config: { access: 'user' },
  }, async (req) => {
    const me = caller(req);
    return ok(await listNotifications(db, me.userId, me.groupId, { ...req.query, unread: req.query.unread === 1 }));
  });

  app.get('/unreadCount', {
    schema: { tags: ['notice'], summary: '未读数', querystring: z.object({}) },
    config: { access: 'user' },
  }, async (req) => {
    const me = caller(req);
    return ok({ count: await unreadCount(db, me.userId, me.groupId) });
  });

  app.post('/read', {
    schema: { tags: ['notice'], summary: '标记已读', body: z.object({ id: idSchema }) },
    config: { access: 'user', tenant: { resource: 'notification', field: 'id', in: 'body' } },
  }, async (req) => {
    const me = caller(req);
    if (!(await isOwnNotification(db, me.userId, me.groupId, req.body.id))) throw notFound();
    await markRead(db, me.userId, me.groupId, [req.body.id]);
    return ok(null, MSG.done);
  });

  app.post('/readAll', {
    schema: { tags: ['notice'], summary: '全部标记为已读', body: z.object({}).optional() },
    config: { access: 'user' },
  }, async (req) => {
    const me = caller(req);
    return ok({ count: await markAllRead(db, me.userId, me.groupId) }, MSG.done);
  });
};
