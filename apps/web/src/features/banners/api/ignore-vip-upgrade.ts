import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** GET /api/uc/passport/ignoreVipUpgrade — 不再提示: no more upgrade tips for this member. */
export const ignoreVipUpgrade = () => api.get<null>('/api/uc/passport/ignoreVipUpgrade');

export const useIgnoreVipUpgrade = () => useMutation({ mutationFn: ignoreVipUpgrade });
