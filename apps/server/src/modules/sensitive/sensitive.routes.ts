import type { FastifyPluginAsync } from 'fastify';
import { AdminSensitive } from '@xueban/contract/calls/sensitive';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { ok } from '../../lib/envelope.ts';
import { caller } from '../../lib/auth.ts';
import { route } from '../../lib/route.ts';
import { deleteSensitiveWords, importSensitiveWords, listSensitiveWords, saveSensitiveWord } from './sensitive.service.ts';

const admin = {
  access: { roles: [Role.SUPER_ADMIN] },
  tenantExempt: 'The sensitive-word list is platform-wide, managed by the super admin only',
};

/** 敏感词管理 (admin) */
export const sensitiveRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps;

  route(app, AdminSensitive.lists, { config: admin }, async (req) => ok(await listSensitiveWords(db, req.query)));

  route(app, AdminSensitive.save, { config: admin },
    async (req) => ok(await saveSensitiveWord(db, caller(req).userId, req.body.word), MSG.created));

  route(app, AdminSensitive.import, { config: admin },
    async (req) => ok(await importSensitiveWords(db, caller(req).userId, req.body.words), MSG.sensitiveImportDone));

  route(app, AdminSensitive.delete, { config: admin },
    async (req) => ok(await deleteSensitiveWords(db, req.body.ids), MSG.deleted));
};
