import { describe, expect, it } from 'vitest';
import { codeFromInput, expiryAfterDays, inviteState } from './class-format.ts';

describe('invite expiry in words', () => {
  it('reads never, still valid and expired', () => {
    expect(inviteState({ invite_expire_time: 0, invite_expired: false })).toBe('永久有效');
    expect(inviteState({ invite_expire_time: 1_700_000_000, invite_expired: false })).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} 前有效$/);
    expect(inviteState({ invite_expire_time: 1_700_000_000, invite_expired: true })).toMatch(/^已于 .* 失效$/);
  });

  it('turns a choice of days into an expire time, none for 永久有效', () => {
    expect(expiryAfterDays(0)).toBeNull();
    expect(expiryAfterDays(7, 1_000_000_000_000)).toBe(1_000_000_000 + 7 * 86_400);
  });
});

describe('a code typed by hand', () => {
  it('takes the code, or the code out of a pasted join or invite link', () => {
    expect(codeFromInput('  abcd2345efghjk67 ')).toBe('abcd2345efghjk67');
    expect(codeFromInput('https://x.cn/studentPanel/3?join_room_code=ABCD2345EFGHJK67')).toBe('ABCD2345EFGHJK67');
    expect(codeFromInput('https://x.cn/robot/about/3?invite_code=ABCD2345EFGHJK67&from=invite')).toBe('ABCD2345EFGHJK67');
  });
});
