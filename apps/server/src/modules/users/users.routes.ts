import type { FastifyPluginAsync } from 'fastify';
import { User } from '@xueban/contract/calls/uc';
import { MSG } from '@xueban/contract/messages';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { caller } from '../../lib/auth.ts';
import { updateUser } from './users.repo.ts';
import { buildUserInfo } from './user-info.ts';
import { changeAccount, modifyPassword, resetPassword, sendCode, userStatus, verifyOwnAccount } from './users.service.ts';

const TEN_MINUTES = 10 * 60_000;

export const userRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  route(app, User.sendcode, {
    config: { access: 'optional', rateLimit: { max: 10, timeWindow: TEN_MINUTES } },
  }, async (req) => {
    await sendCode(deps, req.auth, req.body.account, req.body.type);
    return ok(null, MSG.done);
  });

  route(app, User.update, { config: { access: 'user' } }, async (req) => {
    const me = caller(req);
    await updateUser(deps.db, me.userId, req.body);
    return ok(await buildUserInfo(deps.db, me.userId), MSG.updated);
  });

  route(app, User.modifyPass, {
    config: { access: 'user', rateLimit: { max: 10, timeWindow: TEN_MINUTES } },
  }, async (req) => {
    await modifyPassword(deps, caller(req), req.body.old_password, req.body.password);
    return ok(null, MSG.updated);
  });

  route(app, User.resetUserPass, {
    config: { access: 'public', rateLimit: { max: 10, timeWindow: TEN_MINUTES } },
  }, async (req) => {
    await resetPassword(deps, req.body.account, req.body.code, req.body.password);
    return ok(null, MSG.updated);
  });

  route(app, User.changeMobileOrEmail, {
    config: { access: 'user', rateLimit: { max: 10, timeWindow: TEN_MINUTES } },
  }, async (req) => {
    const me = caller(req);
    await changeAccount(deps, me, req.body.account, req.body.code);
    return ok(await buildUserInfo(deps.db, me.userId), MSG.updated);
  });

  route(app, User.validUserMobile, {
    config: { access: 'user', rateLimit: { max: 10, timeWindow: TEN_MINUTES } },
  }, async (req) => {
    await verifyOwnAccount(deps, caller(req), req.body.account, req.body.code);
    return ok({ valid: true }, MSG.done);
  });

  // Answers rather than 401s for a dead token, so the client can log out and reset (spec §4).
  route(app, User.checkUserStatus, { config: { access: 'optional' } }, async (req) => ok(await userStatus(deps, req.auth)));
};
