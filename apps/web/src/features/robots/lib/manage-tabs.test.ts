import { describe, expect, it } from 'vitest';
import { decideTab, permittedTabs, tabsOf } from './manage-tabs.ts';

const MANAGE = tabsOf('robot-manage-design');
const CREATOR = tabsOf('creator-robot');

describe('management tabs by robot role (spec §2, §4)', () => {
  it('keeps the header order design, data, release; only the creator also sees member, settings and API keys', () => {
    expect(permittedTabs(MANAGE, 'creator')).toEqual(['design', 'stats', 'release', 'member', 'setting', 'api']);
    expect(permittedTabs(MANAGE, 'cooperator')).toEqual(['design', 'stats', 'release']);
    expect(permittedTabs(MANAGE, 'teacher')).toEqual(['stats']);
  });

  it('gives the creator area the same rule: the creator every tab, a cooperator no member tab', () => {
    expect(permittedTabs(CREATOR, 'creator')).toEqual(['library', 'stats', 'release', 'member', 'setup', 'mark', 'api']);
    expect(permittedTabs(CREATOR, 'cooperator')).toEqual(['library', 'stats', 'release', 'setup']);
    expect(permittedTabs(CREATOR, 'teacher')).toEqual(['stats', 'mark']);
  });

  it('sends a role that is none of creator, cooperator, teacher to no-permission', () => {
    for (const role of [undefined, '', 'user', 'admin']) {
      expect(decideTab(MANAGE, role, 'design')).toEqual({ kind: 'no-permission' });
      expect(decideTab(CREATOR, role, undefined)).toEqual({ kind: 'no-permission' });
    }
  });

  it('sends a cooperator on a tab it may not see to its first tab', () => {
    expect(decideTab(MANAGE, 'cooperator', 'setting')).toEqual({ kind: 'redirect', tab: 'design' });
    expect(decideTab(MANAGE, 'cooperator', 'member')).toEqual({ kind: 'redirect', tab: 'design' });
    expect(decideTab(MANAGE, 'teacher', 'design')).toEqual({ kind: 'redirect', tab: 'stats' });
    expect(decideTab(CREATOR, 'cooperator', 'member')).toEqual({ kind: 'redirect', tab: 'library' });
  });

  it('shows a permitted tab, and the first permitted one when the URL names none or an unknown one', () => {
    expect(decideTab(MANAGE, 'cooperator', 'release')).toMatchObject({ kind: 'show', tab: 'release' });
    expect(decideTab(MANAGE, 'teacher', undefined)).toMatchObject({ kind: 'show', tab: 'stats', tabs: ['stats'] });
    expect(decideTab(MANAGE, 'creator', 'nonsense')).toMatchObject({ kind: 'show', tab: 'design' });
  });
});
