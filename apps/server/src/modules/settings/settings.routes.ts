import type { FastifyPluginAsync } from 'fastify';
import { Setting } from '@xueban/contract/calls/platform';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { changedFields, recordAudit, requestActor } from '../audit/audit.service.ts';
import { getWebsiteConfig, saveWebsiteConfig } from './settings.service.ts';

export const settingRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps;

  // Public: the logo and title are needed before anyone logs in.
  route(app, Setting.get, { config: { access: 'public' } }, async () => ok(await getWebsiteConfig(db)));

  // 基础设置 changes are recorded in the audit trail with the fields that changed (issue 18).
  route(app, Setting.save, { config: { access: { roles: [Role.SUPER_ADMIN] } } }, async (req) => {
    const actor = await requestActor(db, req);
    const saved = await db.transaction(async (tx) => {
      const before = await getWebsiteConfig(tx);
      const after = await saveWebsiteConfig(tx, req.body.data);
      await recordAudit(tx, actor, {
        area: 'admin', groupId: null, action: 'settings.save', targetType: 'settings', targetId: req.body.value,
        targetLabel: '基础设置', ...changedFields(before, after),
      });
      return after;
    });
    return ok(saved, MSG.updated);
  });
};
