import type { GroupInfo } from '@xueban/contract/uc';
import { VIP_TRIAL } from '@xueban/contract/roles';
import { formatChinaTime, toSeconds } from '../../lib/time.ts';
import type { GroupRow, MemberRow } from './groups.repo.ts';

const VIP_NAMES: Record<number, string> = { 1: '试用版', 2: '标准版', 3: '专业版' };
export const vipName = (level: number) => VIP_NAMES[level] ?? '旗舰版';

/** A tier has expired once its end time passes; no end time means it never does. */
export const isExpired = (g: GroupRow, now = Date.now()) => !!g.vipEndTime && g.vipEndTime.getTime() < now;
/** A VIP organisation holds a paid tier that has not expired. */
export const isVip = (g: GroupRow) => g.vipLevel > VIP_TRIAL && !isExpired(g);

export function toGroupInfo(g: GroupRow, member: MemberRow | null, parent: GroupRow | null): GroupInfo {
  return {
    group_id: g.id,
    name: g.name,
    is_vip: isVip(g),
    vip_level: g.vipLevel,
    vip_name: vipName(g.vipLevel),
    vip_end_time: toSeconds(g.vipEndTime),
    vip_end_time_str: formatChinaTime(g.vipEndTime),
    vip_expire: isExpired(g),
    ignoreVipUpgrade: member?.ignoreVipUpgrade ?? false,
    logo: g.logo || parent?.logo || '',
    is_sub_group: g.pid !== null,
    pgroup_logo: parent?.logo ?? '',
  };
}
