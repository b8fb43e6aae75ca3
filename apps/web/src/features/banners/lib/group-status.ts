import type { GroupInfo } from '@xueban/contract/uc';
import { VIP_TRIAL } from '@xueban/contract/roles';

/**
 * What the top banner says about the organisation's service (spec §2, §4): a trial that has not
 * expired shows its end time; an expired tier, trial or paid, shows the expired notice.
 */
export function groupStatus(group: GroupInfo | null | undefined): 'trial' | 'expired' | null {
  if (!group) return null;
  if (group.vip_expire) return 'expired';
  if (group.vip_level === VIP_TRIAL) return 'trial';
  return null;
}
