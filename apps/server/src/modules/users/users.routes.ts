import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  modifyPassBody, resetPassBody, sendCodeBody, updateUserBody, validCodeBody,
} from '@xueban/contract/uc';
import { MSG } from '@xueban/contract/messages';
import { ok } from '../../lib/envelope.ts';
import { caller } from '../../lib/auth.ts';
import { updateUser } from './users.repo.ts';
import { buildUserInfo } from './user-info.ts';
import { changeAccount, modifyPassword, resetPassword, sendCode, userStatus, verifyOwnAccount } from './users.service.ts';

const TEN_MINUTES = 10 * 60_000;

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.post('/sendcode', {
    schema: { tags: ['User'], summary: '发送验证码', body: sendCodeBody },
    config: { access: 'optional', rateLimit: { max: 10, timeWindow: TEN_MINUTES } },
  }, async (req) => {
    await sendCode(deps, req.auth, req.body.account, req.body.type);
    return ok(null, MSG.done);
  });

  app.post('/update', {
    schema: { tags: ['User'], summary: '修改个人资料', body: updateUserBody },
    config: { access: 'user' },
  }, async (req) => {
    const me = caller(req);
    await updateUser(deps.db, me.userId, req.body);
    return ok(await buildUserInfo(deps.db, me.userId), MSG.updated);
  });

  app.post('/modifyPass', {
    schema: { tags: ['User'], summary: '修改密码', body: modifyPassBody },
    config: { access: 'user', rateLimit: { max: 10, timeWindow: TEN_MINUTES } },
  }, async (req) => {
    await modifyPassword(deps, caller(req), req.body.old_password, req.body.password);
    return ok(null, MSG.updated);
  });

  app.post('/resetUserPass', {
    schema: { tags: ['User'], summary: '通过验证码重置密码', body: resetPassBody },
    config: { access: 'public', rateLimit: { max: 10, timeWindow: TEN_MINUTES } },
  }, async (req) => {
    await resetPassword(deps, req.body.account, req.body.code, req.body.password);
    return ok(null, MSG.updated);
  });

  app.post('/changeMobileOrEmail', {
    schema: { tags: ['User'], summary: '更换手机号或邮箱', body: validCodeBody },
    config: { access: 'user', rateLimit: { max: 10, timeWindow: TEN_MINUTES } },
  }, async (req) => {
    const me = caller(req);
    await changeAccount(deps, me, req.body.account, req.body.code);
    return ok(await buildUserInfo(deps.db, me.userId), MSG.updated);
  });

  app.post('/validUserMobile', {
    schema: { tags: ['User'], summary: '验证本人手机号或邮箱', body: validCodeBody },
    config: { access: 'user', rateLimit: { max: 10, timeWindow: TEN_MINUTES } },
  }, async (req) => {
    await verifyOwnAccount(deps, caller(req), req.body.account, req.body.code);
    return ok({ valid: true }, MSG.done);
  });

  app.get('/checkUserStatus', {
    schema: { tags: ['User'], summary: '检查账号与组织状态', querystring: z.object({}) },
    // Answers rather than 401s for a dead token, so the client can log out and reset (spec §4).
    config: { access: 'optional' },
  }, async (req) => ok(await userStatus(deps, req.auth)));
};
