import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginBody, registerBody } from '@xueban/contract/uc';
import { MSG } from '@xueban/contract/messages';
import { ok } from '../../lib/envelope.ts';
import { caller, clearSessionCookie, readToken, setSessionCookie } from '../../lib/auth.ts';
import { buildUserInfo } from '../users/user-info.ts';
import { updateMember } from '../groups/groups.repo.ts';
import { login, register } from './passport.service.ts';
import { revokeToken } from './sessions.repo.ts';
import { AttemptWindow } from '../../lib/attempt-window.ts';

const FIFTEEN_MINUTES = 15 * 60_000;

export const passportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const meta = (req: { ip: string; headers: Record<string, unknown> }) => ({
    ip: req.ip, userAgent: String(req.headers['user-agent'] ?? ''),
  });

  // Failed logins per account from any address: a guess spread over many addresses stops too.
  const accountFailures = new AttemptWindow(config.LOGIN_ACCOUNT_LIMIT, FIFTEEN_MINUTES);

  app.post('/doLogin', {
    schema: { tags: ['passport'], summary: '登录', body: loginBody },
    config: {
      access: 'public',
      // Per account and address: guessing one password, or spraying many accounts from one host, both stop.
      rateLimit: {
        max: config.LOGIN_RATE_LIMIT,
        timeWindow: FIFTEEN_MINUTES,
        keyGenerator: (req) => `login:${req.ip}:${String((req.body as { account?: unknown })?.account ?? '').toLowerCase()}`,
      },
    },
  }, async (req, reply) => {
    const { token, userId } = await login(app.deps, req.body.account, req.body.password, meta(req), accountFailures);
    setSessionCookie(reply, token, config.SESSION_DAYS, config.COOKIE_SECURE);
    return ok({ token, user: await buildUserInfo(db, userId) });
  });

  app.post('/doReg', {
    schema: { tags: ['passport'], summary: '注册', body: registerBody },
    config: { access: 'public', rateLimit: { max: config.REGISTER_RATE_LIMIT, timeWindow: FIFTEEN_MINUTES } },
  }, async (req, reply) => {
    const { token, userId } = await register(app.deps, req.body, meta(req));
    setSessionCookie(reply, token, config.SESSION_DAYS, config.COOKIE_SECURE);
    return ok({ token, user: await buildUserInfo(db, userId) }, MSG.created);
  });

  app.post('/doLogout', {
    schema: { tags: ['passport'], summary: '退出登录' },
    config: { access: 'public' },
  }, async (req, reply) => {
    const found = readToken(req);
    if (found && found !== 'mixed') await revokeToken(db, found.token);
    clearSessionCookie(reply, config.COOKIE_SECURE);
    return ok(null, MSG.done);
  });

  app.get('/getUserInfo', {
    schema: { tags: ['passport'], summary: '当前用户信息' },
    config: { access: 'user' },
  }, async (req) => ok(await buildUserInfo(db, caller(req).userId)));

  app.get('/ignoreVipUpgrade', {
    schema: { tags: ['passport'], summary: '不再提示升级', querystring: z.object({}) },
    config: { access: 'user' },
  }, async (req) => {
    const me = caller(req);
    if (me.groupId) await updateMember(db, me.groupId, me.userId, { ignoreVipUpgrade: true });
    return ok(null, MSG.done);
  });
};
