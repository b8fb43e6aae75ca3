import { describe, expect, it } from 'vitest';
import type { GroupInfo } from '@xueban/contract/uc';
import { groupStatus } from './group-status.ts';

const group = (over: Partial<GroupInfo>): GroupInfo => ({
  group_id: 1, name: '组织', is_vip: false, vip_level: 1, vip_name: '试用版', vip_end_time: 0, vip_end_time_str: '',
  vip_expire: false, ignoreVipUpgrade: false, logo: '', is_sub_group: false, pgroup_logo: '', ...over,
});

describe('groupStatus', () => {
  it('is trial for vip_level 1 that has not expired', () => {
    expect(groupStatus(group({ vip_level: 1 }))).toBe('trial');
  });

  it('is expired once the tier expired, trial or paid', () => {
    expect(groupStatus(group({ vip_level: 1, vip_expire: true }))).toBe('expired');
    expect(groupStatus(group({ vip_level: 2, vip_expire: true }))).toBe('expired');
  });

  it('says nothing for a paid tier or no organisation', () => {
    expect(groupStatus(group({ vip_level: 2, is_vip: true }))).toBeNull();
    expect(groupStatus(null)).toBeNull();
  });
});
