import type { GroupInfo } from '@xueban/contract/uc';
import { VIP_TRIAL } from '@xueban/contract/roles';
import { formatChinaTime, toSeconds } from '../../lib/time.ts';
import type { GroupRow, MemberRow } from './groups.repo.ts';

const VIP_NAMES: Record<number, string> = { 1: '试用版', 2: '标准版', 3: '专业版' };
export const vipName = (level: number) => VIP_NAMES[level] ?? '旗舰版';

/** The columns of an organisation its info shows (user-info.repo reads only these). */
export type GroupShown = Pick<GroupRow, 'id' | 'name' | 'logo' | 'pid' | 'vipLevel' | 'vipEndTime'>;

/** A tier has expired once its end time passes; no end time means it never does. */
export const isExpired = (g: Pick<GroupRow, 'vipEndTime'>, now = Date.now()) => !!g.vipEndTime && g.vipEndTime.getTime() < now;
/** A VIP organisation holds a paid tier that has not expired. */
export const isVip = (g: Pick<GroupRow, 'vipLevel' | 'vipEndTime'>) => g.vipLevel > VIP_TRIAL && !isExpired(g);

export function toGroupInfo(
  g: GroupShown, member: Pick<MemberRow, 'ignoreVipUpgrade'> | null, parent: Pick<GroupRow, 'logo'> | null,
): GroupInfo {
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
