import type { FastifyPluginAsync } from 'fastify';
import { Notice } from '@xueban/contract/calls/uc';
import { MSG } from '@xueban/contract/messages';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { caller } from '../../lib/auth.ts';
import { notFound } from '../../lib/errors.ts';
import { isOwnNotification, listNotifications, markAllRead, markRead, unreadCount } from './notifications.service.ts';

export const notificationRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps;

  route(app, Notice.lists, { config: { access: 'user' } }, async (req) => {
    const me = caller(req);
    return ok(await listNotifications(db, me.userId, me.groupId, { ...req.query, unread: req.query.unread === 1 }));
  });

  route(app, Notice.unreadCount, { config: { access: 'user' } }, async (req) => {
    const me = caller(req);
    return ok({ count: await unreadCount(db, me.userId, me.groupId) });
  });

  route(app, Notice.read, {
    config: { access: 'user', tenant: { resource: 'notification', field: 'id', in: 'body' } },
  }, async (req) => {
    const me = caller(req);
    if (!(await isOwnNotification(db, me.userId, me.groupId, req.body.id))) throw notFound();
    await markRead(db, me.userId, me.groupId, [req.body.id]);
    return ok(null, MSG.done);
  });

  route(app, Notice.readAll, { config: { access: 'user' } }, async (req) => {
    const me = caller(req);
    return ok({ count: await markAllRead(db, me.userId, me.groupId) }, MSG.done);
  });
};
