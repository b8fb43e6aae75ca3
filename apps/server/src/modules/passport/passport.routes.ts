import type { FastifyPluginAsync } from 'fastify';
import { Passport } from '@xueban/contract/calls/uc';
import { MSG } from '@xueban/contract/messages';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { caller, clearSessionCookie, readToken, setSessionCookie } from '../../lib/auth.ts';
import { buildUserInfo } from '../users/user-info.ts';
import { dismissUpgradeTip } from '../groups/membership.service.ts';
import { login, register } from './passport.service.ts';
import { revokeToken } from './sessions.repo.ts';
import { AttemptWindow } from '../../lib/attempt-window.ts';

const FIFTEEN_MINUTES = 15 * 60_000;

export const passportRoutes: FastifyPluginAsync = async (app) => {
  const { db, config } = app.deps;
  const meta = (req: { ip: string; headers: Record<string, unknown> }) => ({
    ip: req.ip, userAgent: String(req.headers['user-agent'] ?? ''),
  });

  // Failed logins only (a success clears them): per account from any address, so a guess spread
  // over many addresses stops too; and per address and account, so one host guessing stops sooner.
  const failures = {
    account: new AttemptWindow(app.deps.cluster, 'login-account', config.LOGIN_ACCOUNT_LIMIT, FIFTEEN_MINUTES),
    address: new AttemptWindow(app.deps.cluster, 'login-address', config.LOGIN_RATE_LIMIT, FIFTEEN_MINUTES),
  };

  route(app, Passport.doLogin, {
    config: { access: 'public' },
  }, async (req, reply) => {
    const { token, userId } = await login(app.deps, req.body.account, req.body.password, meta(req), failures);
    setSessionCookie(reply, token, config.SESSION_DAYS, config.COOKIE_SECURE);
    return ok({ token, user: await buildUserInfo(db, userId) });
  });

  route(app, Passport.doReg, {
    config: { access: 'public', rateLimit: { max: config.REGISTER_RATE_LIMIT, timeWindow: FIFTEEN_MINUTES } },
  }, async (req, reply) => {
    const { token, userId } = await register(app.deps, req.body, meta(req));
    setSessionCookie(reply, token, config.SESSION_DAYS, config.COOKIE_SECURE);
    return ok({ token, user: await buildUserInfo(db, userId) }, MSG.created);
  });

  route(app, Passport.doLogout, { config: { access: 'public' } }, async (req, reply) => {
    const found = readToken(req);
    if (found && found !== 'mixed') await revokeToken(db, found.token);
    clearSessionCookie(reply, config.COOKIE_SECURE);
    return ok(null, MSG.done);
  });

  route(app, Passport.getUserInfo, { config: { access: 'user' } }, async (req) => ok(await buildUserInfo(db, caller(req).userId)));

  route(app, Passport.ignoreVipUpgrade, { config: { access: 'user' } }, async (req) => {
    const me = caller(req);
    if (me.groupId) await dismissUpgradeTip(db, me.groupId, me.userId);
    return ok(null, MSG.done);
  });
};
