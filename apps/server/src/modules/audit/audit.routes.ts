import type { FastifyPluginAsync } from 'fastify';
import { Audit } from '@xueban/contract/calls/audit';
import { ADMIN_ROLE_ABOVE } from '@xueban/contract/roles';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { caller } from '../../lib/auth.ts';
import { pageOf, resolvePage } from '../../lib/pagination.ts';
import { listAuditFor } from './audit.service.ts';

export const auditRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps;

  // The caller's organisation, always: an org admin never reads another's trail, and the group
  // area's list shows the same for a super admin. (The admin area's platform-wide list is the
  // admin engineer's; at merge the two become one call.)
  route(app, Audit.lists, { config: { access: { roles: ADMIN_ROLE_ABOVE } } }, async (req) => {
    const me = caller(req);
    const { limit, offset } = resolvePage(req.query);
    const { total, rows } = await listAuditFor(db, { groupId: me.groupId }, { action: req.query.action, actor: req.query.actor }, limit, offset);
    return ok(pageOf(req.query, total, rows));
  });
};
