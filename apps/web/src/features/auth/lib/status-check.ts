import { LIMITS } from '@xueban/contract/limits';
import type { UserStatus } from '@xueban/contract/uc';

/** spec §4: a false user_status, or a false group_status while the user has a group, ends the session. */
export const sessionStillValid = (s: UserStatus, hasGroup: boolean) => s.user_status && (!hasGroup || s.group_status);

/**
 * The re-check lock (spec §9: 3 s): returns a function that answers true at most once per
 * window, so route changes and focus events in quick succession cost one request.
 */
export function createRecheckLock(windowMs: number = LIMITS.timeouts.statusRecheckMs, now = () => Date.now()) {
  let last = -Infinity;
  return () => {
    const t = now();
    if (t - last < windowMs) return false;
    last = t;
    return true;
  };
}
