import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Sso } from '@xueban/contract/calls/org';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { setSessionCookie } from '../../lib/auth.ts';
import { actorOf } from '../groups/org-manage.service.ts';
import { finishLogin, loginUrl, saveSsoConfig, ssoConfigOf } from './sso.service.ts';

const superAdmin = { roles: [Role.SUPER_ADMIN] };

/** Single sign-on through each school's OpenID Connect provider. */
export const ssoRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  /** This site's origin: the configured public URL, else the address the browser used. */
  const site = (req: FastifyRequest) => (deps.config.PUBLIC_URL ?? `${req.protocol}://${req.host}`).replace(/\/+$/, '');

  route(app, Sso.config, {
    config: { access: superAdmin, tenantExempt: 'the super admin configures every organisation' },
  }, async (req) => ok(await ssoConfigOf(deps, req.query.group_id, site(req))));

  route(app, Sso.save, {
    config: { access: superAdmin, tenantExempt: 'the super admin configures every organisation' },
  }, async (req) => ok(await saveSsoConfig(deps, await actorOf(deps, req), req.body, site(req)), MSG.updated));

  route(app, Sso.loginUrl, {
    config: {
      access: 'public', rateLimit: { max: 30, timeWindow: 60_000 },
      tenantExempt: 'a public login entry: it names the organisation whose provider to use, and reveals nothing of it',
    },
  }, async (req) => ok(await loginUrl(deps, req.query.group_id, req.query.redirect_uri, site(req))));

  route(app, Sso.callback, {
    config: { access: 'public', rateLimit: { max: 30, timeWindow: 60_000 } },
  }, async (req, reply) => {
    const result = await finishLogin(deps, req.body, { ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });
    setSessionCookie(reply, result.token, deps.config.SESSION_DAYS, deps.config.COOKIE_SECURE);
    return ok(result, MSG.done);
  });
};
