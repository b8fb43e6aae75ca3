import { Sso } from '@xueban/contract/calls/org';
import { call } from '../../../lib/api.ts';

/** GET /api/uc/Sso/loginUrl {group_id, redirect_uri?} (spec §7 login-url call): the provider's address to go to. */
export const getLoginUrl = (groupId: number, redirectUri?: string) => call(Sso.loginUrl, { group_id: groupId, redirect_uri: redirectUri });
