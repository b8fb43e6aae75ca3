import { describe, expect, it } from 'vitest';
import { inviteFromSearch, inviteLink, isOrgInvite, parseInviteLink } from './invite-link.ts';

describe('invite links', () => {
  it('reads the server link shape /home?invite_code&expire_time&from=invite', () => {
    expect(parseInviteLink('https://x.example/home?invite_code=AbC123&expire_time=1795930188&from=invite')).toEqual({
      invite_code: 'AbC123',
      expire_time: 1795930188,
    });
    expect(parseInviteLink('  /home?invite_code=q&expire_time=5  ')).toEqual({ invite_code: 'q', expire_time: 5 });
    expect(parseInviteLink('?invite_code=q&expire_time=5')).toEqual({ invite_code: 'q', expire_time: 5 });
  });

  it('refuses links without both values, or with a malformed expire_time', () => {
    expect(parseInviteLink('')).toBeNull();
    expect(parseInviteLink('/home?invite_code=q')).toBeNull();
    expect(parseInviteLink('/home?expire_time=5')).toBeNull();
    expect(parseInviteLink('/home?invite_code=q&expire_time=soon')).toBeNull();
    expect(inviteFromSearch(new URLSearchParams({ invite_code: 'x'.repeat(65), expire_time: '1' }))).toBeNull();
  });

  it('builds a link that parses back to the same invite', () => {
    const invite = { invite_code: 'a b&c', expire_time: 42 };
    expect(parseInviteLink(inviteLink(invite))).toEqual(invite);
  });

  it('takes from=invite for an organisation invite, except on the robot about page (a team invite)', () => {
    const q = (s: string) => new URLSearchParams(s);
    expect(isOrgInvite('/home', q('invite_code=q&expire_time=5&from=invite'))).toBe(true);
    expect(isOrgInvite('/robotList', q('invite_code=q&from=invite'))).toBe(true);
    expect(isOrgInvite('/home', q('invite_code=q&expire_time=5'))).toBe(false);
    expect(isOrgInvite('/robot/about/12', q('invite_code=ABCDEFGHJKLMNPQR&from=invite'))).toBe(false);
  });
});
