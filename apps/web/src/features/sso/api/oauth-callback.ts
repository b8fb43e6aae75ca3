import type { CallInput } from '@xueban/contract/call';
import { Sso } from '@xueban/contract/calls/org';
import { call } from '../../../lib/api.ts';

/** POST /api/uc/Sso/callback: the provider's answer (code, state…) for a session. */
export const oauthCallback = (input: CallInput<typeof Sso.callback>) => call(Sso.callback, input);
