import type { FastifyPluginAsync } from 'fastify';
import { RECORD_EXPORT_MAX } from '@xueban/contract/chat';
import { ChatCategory, ChatLower, ChatRecords, ChatRecordsLower } from '@xueban/contract/calls/chat';
import { MSG } from '@xueban/contract/messages';
import { ok } from '../../lib/envelope.ts';
import { caller } from '../../lib/auth.ts';
import { route } from '../../lib/route.ts';
import { manageAccess } from '../robots/robot-access.ts';
import { exportFileName, recordsWorkbook } from './records-export.ts';
import { collectRecord, listManagedRecords, managedRecordRobots, managedRecordsForExport, recordDetail } from './records.service.ts';
import { chatLog, cleanChat, clearSessions, deleteSession, listSessions, saveSession } from './sessions.service.ts';

const probe = (resource: 'robot' | 'session' | 'record', field: string, where: 'body' | 'query' = 'body') =>
  ({ resource, field, in: where } as const);

/** 会话与对话记录 (ChatCategory, chat_records, ChatRecords) */
export const chatSessionRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  route(app, ChatCategory.lists, { config: { access: 'user', tenant: probe('robot', 'r_id', 'query') } },
    async (req) => ok(await listSessions(deps, caller(req), req.query)));

  route(app, ChatCategory.save, { config: { access: 'user', tenant: probe('robot', 'r_id') } },
    async (req) => ok(await saveSession(deps, caller(req), req.body), MSG.done));

  route(app, ChatCategory.delete, { config: { access: 'user', tenant: probe('session', 'id') } }, async (req) => {
    await deleteSession(deps, caller(req), req.body.id, req.body.code);
    return ok(null, MSG.deleted);
  });

  route(app, ChatCategory.clear, { config: { access: 'user', tenant: probe('robot', 'r_id') } },
    async (req) => ok(await clearSessions(deps, caller(req), req.body.r_id), MSG.cleared));

  route(app, ChatRecordsLower.chatLog, { config: { access: 'user', tenant: probe('session', 'category_id', 'query') } },
    async (req) => chatLog(deps, caller(req), req.query));

  route(app, ChatLower.cleanChat, { config: { access: 'user', tenant: probe('session', 'category_id') } }, async (req) => {
    await cleanChat(deps, caller(req), req.body.category_id);
    return ok(null, MSG.cleared);
  });

  route(app, ChatRecords.detail, { config: { access: 'user', tenant: probe('record', 'id', 'query') } },
    async (req) => ok(await recordDetail(deps, caller(req), req.query.id, req.query.robot_id)));

  route(app, ChatRecords.collect, { config: { access: 'user', tenant: probe('record', 'records_id') } },
    async (req) => ok(await collectRecord(deps, caller(req), req.body.records_id)));

  // 对话管理 (back office): the robots' creators and helpers, org admins, the super admin.
  route(app, ChatRecords.lists, { config: { access: manageAccess, tenant: probe('robot', 'robot_id', 'query') } },
    async (req) => ok(await listManagedRecords(deps, caller(req), req.query)));

  route(app, ChatRecords.robots, { config: { access: manageAccess } },
    async (req) => ok(await managedRecordRobots(deps, caller(req))));

  route(app, ChatRecords.export, {
    config: { access: manageAccess, tenant: probe('robot', 'robot_id', 'query'), rateLimit: { max: 20, timeWindow: 60_000 } },
  }, async (req, reply) => {
    const rows = await managedRecordsForExport(deps, caller(req), req.query, RECORD_EXPORT_MAX);
    const name = exportFileName();
    return reply
      .header('content-type', ChatRecords.export.produces)
      .header('content-disposition', `attachment; filename="${name.ascii}"; filename*=UTF-8''${name.utf8}`)
      .header('cache-control', 'no-store')
      .send(await recordsWorkbook(rows));
  });
};
