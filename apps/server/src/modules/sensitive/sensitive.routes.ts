import type { FastifyPluginAsync } from 'fastify';
import { AdminModeration, AdminSensitive, GroupSensitive } from '@xueban/contract/calls/sensitive';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { ok } from '../../lib/envelope.ts';
import { caller, callerGroupId } from '../../lib/auth.ts';
import { route } from '../../lib/route.ts';
import {
  deleteSensitiveWords, getModerationConfig, importSensitiveWords, listenForListChanges, listSensitiveWords, saveModerationConfig, saveSensitiveWord,
} from './sensitive.service.ts';

const admin = {
  access: { roles: [Role.SUPER_ADMIN] },
  tenantExempt: 'The sensitive-word list is platform-wide, managed by the super admin only',
};
/** An organisation's own words: its admins manage them; every query is scoped to the caller's organisation. */
const orgAdmin = { access: { roles: [Role.ORG_ADMIN] } };

/** 敏感词管理: the platform's list (admin) and each organisation's own words (组织后台). */
export const sensitiveRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps;
  // A list changed on another node (Redis) is dropped here at once, not at the next recheck.
  const stopListening = listenForListChanges(app.deps);
  app.addHook('onClose', async () => stopListening());

  route(app, AdminSensitive.lists, { config: admin }, async (req) => ok(await listSensitiveWords(db, null, req.query)));
  route(app, AdminSensitive.save, { config: admin },
    async (req) => ok(await saveSensitiveWord(app.deps, null, caller(req).userId, req.body), MSG.created));
  route(app, AdminSensitive.import, { config: admin },
    async (req) => ok(await importSensitiveWords(app.deps, null, caller(req).userId, req.body), MSG.sensitiveImportDone));
  route(app, AdminSensitive.delete, { config: admin },
    async (req) => ok(await deleteSensitiveWords(app.deps, null, req.body.ids), MSG.deleted));

  route(app, AdminModeration.get, { config: admin }, async () => ok(await getModerationConfig(app.deps)));
  route(app, AdminModeration.save, { config: admin }, async (req) => ok(await saveModerationConfig(app.deps, req.body), MSG.updated));

  route(app, GroupSensitive.lists, { config: orgAdmin }, async (req) => ok(await listSensitiveWords(db, callerGroupId(req), req.query)));
  route(app, GroupSensitive.save, { config: orgAdmin },
    async (req) => ok(await saveSensitiveWord(app.deps, callerGroupId(req), caller(req).userId, req.body), MSG.created));
  route(app, GroupSensitive.import, { config: orgAdmin },
    async (req) => ok(await importSensitiveWords(app.deps, callerGroupId(req), caller(req).userId, req.body), MSG.sensitiveImportDone));
  route(app, GroupSensitive.delete, { config: orgAdmin },
    async (req) => ok(await deleteSensitiveWords(app.deps, callerGroupId(req), req.body.ids), MSG.deleted));
};
