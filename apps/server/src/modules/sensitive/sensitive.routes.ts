import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { sensitiveDeleteBody, sensitiveImportBody, sensitiveListQuery, sensitiveSaveBody } from '@xueban/contract/sensitive';
import { ok } from '../../lib/envelope.ts';
import { caller } from '../../lib/auth.ts';
import { deleteSensitiveWords, importSensitiveWords, listSensitiveWords, saveSensitiveWord } from './sensitive.service.ts';

const admin = {
  access: { roles: [Role.SUPER_ADMIN] },
  tenantExempt: 'The sensitive-word list is platform-wide, managed by the super admin only',
};

/** 敏感词管理 (admin) */
export const sensitiveRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get('/api/ai/admin.Sensitive/lists', {
    schema: { tags: ['Sensitive'], summary: '敏感词列表', querystring: sensitiveListQuery },
    config: admin,
  }, async (req) => ok(await listSensitiveWords(db, req.query)));

  app.post('/api/ai/admin.Sensitive/save', {
    schema: { tags: ['Sensitive'], summary: '添加敏感词', body: sensitiveSaveBody },
    config: admin,
  }, async (req) => ok(await saveSensitiveWord(db, caller(req).userId, req.body.word), MSG.created));

  app.post('/api/ai/admin.Sensitive/import', {
    schema: { tags: ['Sensitive'], summary: '批量导入敏感词（每行一个或以逗号分隔，最多10000个）', body: sensitiveImportBody },
    config: admin,
  }, async (req) => ok(await importSensitiveWords(db, caller(req).userId, req.body.words), MSG.sensitiveImportDone));

  app.post('/api/ai/admin.Sensitive/delete', {
    schema: { tags: ['Sensitive'], summary: '删除敏感词', body: sensitiveDeleteBody },
    config: admin,
  }, async (req) => ok(await deleteSensitiveWords(db, req.body.ids), MSG.deleted));
};
