import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  RECORD_EXPORT_MAX, cleanChatBody, collectBody, historyQuery, recordListQuery, recordQuery, sessionClearBody,
  sessionDeleteBody, sessionListQuery, sessionSaveBody,
} from '@xueban/contract/chat';
import { MSG } from '@xueban/contract/messages';
import { ok } from '../../lib/envelope.ts';
import { caller } from '../../lib/auth.ts';
import { manageAccess } from '../robots/robot-access.ts';
import { exportFileName, recordsWorkbook } from './records-export.ts';
import { collectRecord, listManagedRecords, managedRecordRobots, managedRecordsForExport, recordDetail } from './records.service.ts';
import { chatLog, cleanChat, clearSessions, deleteSession, listSessions, saveSession } from './sessions.service.ts';

const probe = (resource: 'robot' | 'session' | 'record', field: string, where: 'body' | 'query' = 'body') =>
  ({ resource, field, in: where } as const);
const tags = ['Chat'];

/** 会话与对话记录 (ChatCategory, chat_records, ChatRecords) */
export const chatSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get('/api/ai/ChatCategory/lists', {
    schema: { tags, summary: '会话列表（15 条一页，最近活跃在前）', querystring: sessionListQuery },
    config: { access: 'user', tenant: probe('robot', 'r_id', 'query') },
  }, async (req) => ok(await listSessions(deps, caller(req), req.query)));

  app.post('/api/ai/ChatCategory/save', {
    schema: { tags, summary: '新建会话（默认 新建会话）或重命名', body: sessionSaveBody },
    config: { access: 'user', tenant: probe('robot', 'r_id') },
  }, async (req) => ok(await saveSession(deps, caller(req), req.body), MSG.done));

  app.post('/api/ai/ChatCategory/delete', {
    schema: { tags, summary: '删除会话', body: sessionDeleteBody },
    config: { access: 'user', tenant: probe('session', 'id') },
  }, async (req) => {
    await deleteSession(deps, caller(req), req.body.id, req.body.code);
    return ok(null, MSG.deleted);
  });

  app.post('/api/ai/ChatCategory/clear', {
    schema: { tags, summary: '清空与某机器人的全部会话', body: sessionClearBody },
    config: { access: 'user', tenant: probe('robot', 'r_id') },
  }, async (req) => ok(await clearSessions(deps, caller(req), req.body.r_id), MSG.cleared));

  app.get('/api/ai/chat_records/chatLog', {
    schema: { tags, summary: '会话历史（第 1 页为最新，页内按时间先后）', querystring: historyQuery },
    config: { access: 'user', tenant: probe('session', 'category_id', 'query') },
  }, async (req) => ok(await chatLog(deps, caller(req), req.query)));

  app.post('/api/ai/chat/cleanChat', {
    schema: { tags, summary: '清空对话', body: cleanChatBody },
    config: { access: 'user', tenant: probe('session', 'category_id') },
  }, async (req) => {
    await cleanChat(deps, caller(req), req.body.category_id);
    return ok(null, MSG.cleared);
  });

  app.get('/api/ai/ChatRecords/detail', {
    schema: { tags, summary: '对话记录详情（recommend_content、activity_content 为 JSON 字符串）', querystring: recordQuery },
    config: { access: 'user', tenant: probe('record', 'id', 'query') },
  }, async (req) => ok(await recordDetail(deps, caller(req), req.query.id, req.query.robot_id)));

  app.post('/api/ai/ChatRecords/collect', {
    schema: { tags, summary: '收藏 / 取消收藏对话记录', body: collectBody },
    config: { access: 'user', tenant: probe('record', 'records_id') },
  }, async (req) => ok(await collectRecord(deps, caller(req), req.body.records_id)));

  // 对话管理 (back office): the robots' creators and helpers, org admins, the super admin.
  app.get('/api/ai/ChatRecords/lists', {
    schema: { tags, summary: '对话管理列表', querystring: recordListQuery },
    config: { access: manageAccess, tenant: probe('robot', 'robot_id', 'query') },
  }, async (req) => ok(await listManagedRecords(deps, caller(req), req.query)));

  app.get('/api/ai/ChatRecords/robots', {
    schema: { tags, summary: '对话管理可筛选的机器人', querystring: z.object({}) },
    config: { access: manageAccess },
  }, async (req) => ok(await managedRecordRobots(deps, caller(req))));

  app.get('/api/ai/ChatRecords/export', {
    schema: { tags, summary: '导出对话记录（xlsx）', querystring: recordListQuery.omit({ page: true, limit: true, offset: true }) },
    config: { access: manageAccess, tenant: probe('robot', 'robot_id', 'query'), rateLimit: { max: 20, timeWindow: 60_000 } },
  }, async (req, reply) => {
    const rows = await managedRecordsForExport(deps, caller(req), req.query, RECORD_EXPORT_MAX);
    const name = exportFileName();
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${name.ascii}"; filename*=UTF-8''${name.utf8}`)
      .header('cache-control', 'no-store')
      .send(await recordsWorkbook(rows));
  });
};
