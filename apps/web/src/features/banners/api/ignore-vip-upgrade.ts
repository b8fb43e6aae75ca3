import { useMutation } from '@tanstack/react-query';
import { Passport } from '@xueban/contract/calls/uc';
import { call } from '../../../lib/api.ts';

/** GET /api/uc/passport/ignoreVipUpgrade — 不再提示: no more upgrade tips for this member. */
export const ignoreVipUpgrade = () => call(Passport.ignoreVipUpgrade);

export const useIgnoreVipUpgrade = () => useMutation({ mutationFn: ignoreVipUpgrade });
