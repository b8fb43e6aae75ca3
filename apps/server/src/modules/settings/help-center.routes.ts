import type { FastifyPluginAsync } from 'fastify';
import { HelpCenter } from '@xueban/contract/calls/admin';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { changedFields, recordAudit, requestActor } from '../audit/audit.service.ts';
import { deleteHelpArticle, helpArticles, saveHelpArticle } from './help-center.service.ts';

const superAdmin = { roles: [Role.SUPER_ADMIN] } as const;
const platformWide = 'help articles belong to the platform, not to an organisation';

export const helpCenterRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps;

  route(app, HelpCenter.lists, { config: { access: 'user' } }, async (req) => ok(await helpArticles(db, req.query)));
  route(app, HelpCenter.manageLists, { config: { access: superAdmin } }, async (req) => ok(await helpArticles(db, req.query, true)));

  route(app, HelpCenter.save, { config: { access: superAdmin, tenantExempt: platformWide } }, async (req) => {
    const actor = await requestActor(db, req);
    const article = await db.transaction(async (tx) => {
      const { before, after } = await saveHelpArticle(tx, req.body);
      const facts = (a: typeof after) => ({ type: a.type, title: a.title, content: a.content, sort: a.sort, status: a.status ?? 'published' });
      await recordAudit(tx, actor, {
        area: 'admin', groupId: null, action: before ? 'help.update' : 'help.create', targetType: 'help', targetId: after.id,
        targetLabel: after.title, ...(before ? changedFields(facts(before), facts(after)) : { before: null, after: facts(after) }),
      });
      return after;
    });
    return ok(article, req.body.id ? MSG.updated : MSG.created);
  });

  route(app, HelpCenter.delete, { config: { access: superAdmin, tenantExempt: platformWide } }, async (req) => {
    const actor = await requestActor(db, req);
    await db.transaction(async (tx) => {
      const gone = await deleteHelpArticle(tx, req.body.id);
      await recordAudit(tx, actor, {
        area: 'admin', groupId: null, action: 'help.delete', targetType: 'help', targetId: gone.id, targetLabel: gone.title,
        before: { type: gone.type, title: gone.title }, after: null,
      });
    });
    return ok(null, MSG.deleted);
  });
};
