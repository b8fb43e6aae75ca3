import { randomUUID } from 'node:crypto';
import * as oidc from 'openid-client';
import { EMAIL_RE, MOBILE_RE } from '@xueban/contract/limits';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../types.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { nowSeconds } from '../../lib/time.ts';
import { originOf } from '../../lib/egress.ts';
import { open, seal } from '../../ai/secret-box.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { accountField, findUserByAccount, insertUser, normaliseAccount, setCurrentGroup } from '../users/accounts.service.ts';
import { addMember, findGroup, findMembership } from '../groups/membership.service.ts';
import { startSession } from '../passport/passport.service.ts';
import { findSsoConfig, insertLogin, takeLogin, upsertSsoConfig, type SsoConfigRow } from './sso.repo.ts';

/** How long a login may stay at the provider before its state is no longer accepted. */
const LOGIN_TTL_SECONDS = 600;
export const REDIRECT_REFUSED = 'redirect_uri 不在允许的范围内（仅本站或已配置的地址）';
export const SSO_FAILED = '统一身份认证登录失败，请重试';

export async function ssoEnabledFor(db: Db, groupId: number): Promise<boolean> {
  const c = groupId ? await findSsoConfig(db, groupId) : null;
  return !!c?.enabled;
}

const toView = (groupId: number, c: SsoConfigRow | null, callbackUrl: string) => ({
  group_id: groupId,
  enabled: c?.enabled ?? false,
  issuer: c?.issuer ?? '',
  client_id: c?.clientId ?? '',
  has_secret: !!c?.clientSecretEnc,
  account_claim: c?.accountClaim ?? 'email',
  default_role: c?.defaultRole ?? 'ROLE_STUDENT',
  redirect_origins: c?.redirectOrigins ?? [],
  callback_url: callbackUrl,
});

export async function ssoConfigOf(deps: Deps, groupId: number, site: string) {
  if (!(await findGroup(deps.db, groupId))) throw notFound();
  return toView(groupId, await findSsoConfig(deps.db, groupId), `${site}/oauth`);
}

export interface SsoInput {
  group_id: number; enabled: boolean; issuer: string; client_id: string; client_secret: string;
  account_claim: string; default_role: string; redirect_origins: string[];
}

/** The secret is sealed with APP_SECRET; an empty one keeps what is stored. Recorded without it. */
export async function saveSsoConfig(deps: Deps, actor: AuditActor, body: SsoInput, site: string) {
  const group = await findGroup(deps.db, body.group_id);
  if (!group) throw notFound();
  const before = await findSsoConfig(deps.db, body.group_id);
  const secretEnc = body.client_secret ? seal(deps.config.APP_SECRET, body.client_secret) : (before?.clientSecretEnc ?? '');
  const values = {
    groupId: body.group_id, enabled: body.enabled, issuer: body.issuer.replace(/\/+$/, ''), clientId: body.client_id,
    clientSecretEnc: secretEnc, accountClaim: body.account_claim, defaultRole: body.default_role,
    redirectOrigins: [...new Set(body.redirect_origins.map(originOf))],
  };
  const summary = (c: Partial<SsoConfigRow> | null) => c && {
    enabled: c.enabled, issuer: c.issuer, client_id: c.clientId, account_claim: c.accountClaim, default_role: c.defaultRole,
    redirect_origins: c.redirectOrigins, secret_changed: undefined,
  };
  await deps.db.transaction(async (tx) => {
    await upsertSsoConfig(tx, values);
    await recordAudit(tx, actor, {
      area: 'group', groupId: group.id, action: 'sso.save', targetType: 'group', targetId: group.id, targetLabel: group.name,
      before: summary(before), after: { ...summary(values), secret_changed: !!body.client_secret },
    });
  });
  return toView(group.id, await findSsoConfig(deps.db, group.id), `${site}/oauth`);
}

/**
 * Where a login may return to: a path of this site, this site's origin, or an origin the super
 * admin listed for the organisation. Anything else is refused (no open redirect).
 */
export function checkRedirect(target: string | undefined, site: string, allowed: readonly string[]): string {
  if (!target) return '/home';
  if (target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\')) return target;
  let url: URL;
  try { url = new URL(target); } catch { throw badRequest(REDIRECT_REFUSED); }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw badRequest(REDIRECT_REFUSED);
  if (url.origin === originOf(site) || allowed.includes(url.origin)) return url.toString();
  throw badRequest(REDIRECT_REFUSED);
}

/** The provider's metadata through the guarded client; http only for an origin the operator listed. */
async function providerConfig(deps: Deps, c: SsoConfigRow) {
  const secret = c.clientSecretEnc ? open(deps.config.APP_SECRET, c.clientSecretEnc) : '';
  if (secret === null) throw badRequest(SSO_FAILED);
  const insecureAllowed = deps.config.egressSsoOrigins.includes(originOf(c.issuer));
  try {
    const config = await oidc.discovery(new URL(c.issuer), c.clientId, secret || undefined, undefined, {
      [oidc.customFetch]: deps.egress.sso,
      ...(insecureAllowed ? { execute: [oidc.allowInsecureRequests] } : {}),
    });
    config[oidc.customFetch] = deps.egress.sso;
    return config;
  } catch (err) {
    throw badRequest(`${SSO_FAILED}：无法连接身份提供方（${(err as Error).message}）`);
  }
}

async function enabledConfig(deps: Deps, groupId: number) {
  const c = await findSsoConfig(deps.db, groupId);
  const group = c?.enabled ? await findGroup(deps.db, groupId) : null;
  if (!c || !group || group.status !== 1) throw notFound('该组织未开启统一身份认证登录');
  return { c, group };
}

/** The login-url call (spec §7): the provider's authorisation URL, with state, nonce and PKCE kept here. */
export async function loginUrl(deps: Deps, groupId: number, redirectUri: string | undefined, site: string) {
  const { c } = await enabledConfig(deps, groupId);
  const target = checkRedirect(redirectUri, site, c.redirectOrigins);
  const config = await providerConfig(deps, c);
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const callbackUrl = `${site}/oauth`;
  await insertLogin(deps.db, { state, groupId, callbackUrl, codeVerifier, nonce, redirectUri: target, expireTime: nowSeconds() + LOGIN_TTL_SECONDS });
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl, scope: 'openid email profile phone', state, nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier), code_challenge_method: 'S256',
  });
  return { url: url.toString() };
}

const claimString = (claims: Record<string, unknown>, key: string) => {
  const v = claims[key];
  return typeof v === 'string' ? v.trim() : '';
};

/**
 * /oauth: trades the code for tokens (state, nonce, PKCE and the ID token checked by openid-client),
 * reads the configured claim as the account (an email or mainland mobile), makes the account on
 * first login with the organisation's role, switches it into the organisation and starts a session.
 */
export async function finishLogin(
  deps: Deps, params: Record<string, string | undefined>, meta: { ip: string; userAgent: string },
) {
  const pending = await takeLogin(deps.db, params.state ?? '', nowSeconds());
  if (!pending) throw badRequest('登录请求已失效，请重新登录');
  if (params.error) throw badRequest(`${SSO_FAILED}：${params.error_description || params.error}`);
  const { c, group } = await enabledConfig(deps, pending.groupId);
  const config = await providerConfig(deps, c);
  const current = new URL(pending.callbackUrl);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) current.searchParams.set(k, v);
  let claims: Record<string, unknown>;
  try {
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: pending.codeVerifier, expectedState: pending.state, expectedNonce: pending.nonce, idTokenExpected: true,
    });
    claims = { ...(tokens.claims() ?? {}) };
    if (!claimString(claims, c.accountClaim) && tokens.access_token) {
      const sub = claimString(claims, 'sub');
      claims = { ...claims, ...(await oidc.fetchUserInfo(config, tokens.access_token, sub)) };
    }
  } catch (err) {
    throw badRequest(`${SSO_FAILED}（${(err as Error).message}）`);
  }
  const raw = claimString(claims, c.accountClaim);
  const account = normaliseAccount(raw);
  if (!MOBILE_RE.test(account) && !EMAIL_RE.test(account)) throw badRequest(`${SSO_FAILED}：身份提供方未返回可用的账号（${c.accountClaim}）`);

  const userId = await deps.db.transaction(async (tx) => {
    const existing = await findUserByAccount(tx, account);
    if (existing && existing.status !== 1) throw forbidden('账号已被禁用');
    const user = existing ?? await insertUser(tx, {
      openid: randomUUID().replaceAll('-', ''), [accountField(account)]: account,
      truename: claimString(claims, 'name') || `用户${account.slice(-4)}`,
      // No password: this account signs in through its school (a reset by code sets one).
      passwordHash: '!', isCertificated: true, currentGroupId: group.id, firstLoginTime: new Date(),
    });
    if (!(await findMembership(tx, group.id, user.id))) await addMember(tx, group.id, user.id, [c.defaultRole]);
    await setCurrentGroup(tx, user.id, group.id);
    return user.id;
  });
  const token = await startSession(deps, userId, meta);
  return { token, redirect: pending.redirectUri || '/home' };
}
