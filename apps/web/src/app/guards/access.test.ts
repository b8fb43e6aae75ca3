import { describe, expect, it } from 'vitest';
import type { UserInfo } from '@xueban/contract/uc';
import { MSG } from '@xueban/contract/messages';
import { Role, isDeveloper } from '@xueban/contract/roles';
import { ROUTES, type RouteName } from '../paths.ts';
import { canEnterGroupAdmin, canEnterTeachingSpace, canManageResources, decideAccess, isSuperAdmin } from './access.ts';

/** A user as getUserInfo answers it: roles in the current organisation, VIP per its tier. */
function user(roles: string[], org: { vip?: boolean; none?: boolean } = {}): UserInfo {
  const vip = org.vip ?? true;
  const group = org.none ? null : {
    group_id: 7, name: '测试学校', is_vip: vip, vip_level: vip ? 2 : 1, vip_name: '', vip_end_time: 0,
    vip_end_time_str: '', vip_expire: false, ignoreVipUpgrade: false, logo: '', is_sub_group: false, pgroup_logo: '',
  };
  return {
    uid: 1, truename: '张三', name: 'zhangsan', avatar: '', roles, openid: '', first_login_time: 0,
    groups: [], prgoups: [], is_certificated: false,
  pass_reset_required: false, group_id: group ? 7 : 0, rgroup_id: group ? 7 : 0,
    mobile: '', email: '', is_developer: isDeveloper(roles), show_developer_center: false, sibling_system: [],
    groupInfo: group, group_info: group, createLimit: { group: 5 }, vip_group: !!group && vip,
    real_vip_level: group ? group.vip_level : 0, unReadCount: 0,
  };
}

const decide = (name: RouteName, u: UserInfo | null) => decideAccess(name, ROUTES[name], u);
const names = Object.keys(ROUTES) as RouteName[];
const ALLOW = { ok: true };
const TO_401 = { ok: false, redirect: '/401' };
const TO_HOME_NO_ACCESS = { ok: false, redirect: '/home', message: MSG.noAccess };
const TO_MYGROUP_NO_ACCESS = { ok: false, redirect: '/personal/mygroup', message: MSG.noAccess };
const TO_ORG_SETTINGS_NO_ACCESS = { ok: false, redirect: '/organization/settings', message: MSG.noAccess };

const ROLES = {
  student: [Role.STUDENT],
  teacher: [Role.TEACHER],
  creator: [Role.CREATOR],
  developer: [Role.DEVELOPER],
  orgAdmin: [Role.ORG_ADMIN],
  superAdmin: [Role.SUPER_ADMIN, Role.ORG_ADMIN],
  superAdminOnly: [Role.SUPER_ADMIN],
} satisfies Record<string, string[]>;
type Who = keyof typeof ROLES;

describe('the route table', () => {
  it('guards each area with the rule of spec §6', () => {
    for (const name of names) {
      const { area, rule } = ROUTES[name] as { area: string; rule?: string };
      if (area === 'admin') expect(rule, name).toBe('superAdmin');
      if (area === 'group') expect(rule, name).toBe('vipAdmin');
      // Two main pages carry their own rule: /test (the operator's self-check) and 组织管理.
      const own: Record<string, string> = { test: 'superAdmin', 'org-settings': 'orgAdmin' };
      if (area === 'main' || area === 'creator') expect(rule, name).toBe(own[name]);
    }
    for (const name of ['teachingSpace', 'teacher-console', 'teacher-reading', 'teacher-project-detail'] as const) {
      expect(ROUTES[name].rule).toBe('teacherOrDeveloper');
    }
  });
});

describe('decideAccess: logged out', () => {
  it.each(names)('%s: open routes and home show, every other page goes to home with the login dialog', (name) => {
    const d = decide(name, null);
    if ('open' in ROUTES[name] || name === 'home') expect(d).toEqual(ALLOW);
    else expect(d).toEqual({ ok: false, redirect: '/home', openLogin: true });
  });
});

describe('decideAccess: a visitor of an embedded chat or share link (issue 25)', () => {
  it('opens /external-dialogue without login only with a ticket or a share token', () => {
    const def = ROUTES['external-dialogue'];
    expect(decideAccess('external-dialogue', def, null, '?embed=1&rid=3&ticket=vt.abc')).toEqual(ALLOW);
    expect(decideAccess('external-dialogue', def, null, '?embed=1&rid=3&share=xb-share-abc')).toEqual(ALLOW);
    expect(decideAccess('external-dialogue', def, null, '?embed=1&rid=3')).toEqual({ ok: false, redirect: '/home', openLogin: true });
    expect(decideAccess('external-dialogue', def, null, '?embed=1&rid=3&ticket=')).toEqual({ ok: false, redirect: '/home', openLogin: true });
    // Other pages take no such token.
    expect(decideAccess('dialogueIndex', ROUTES.dialogueIndex, null, '?ticket=vt.abc')).toEqual({ ok: false, redirect: '/home', openLogin: true });
  });
});

describe('decideAccess: a user in no organisation', () => {
  const lonely = user([Role.STUDENT], { none: true });
  it.each(names)('%s: only home and the open routes show; everything else goes to /about', (name) => {
    const d = decide(name, lonely);
    if ('open' in ROUTES[name] || name === 'home') expect(d).toEqual(ALLOW);
    else expect(d).toEqual({ ok: false, redirect: '/about' });
  });
});

describe('decideAccess: logged in, per role (VIP organisation)', () => {
  // What each role meets on a page of each rule: the unruled page, teaching space, /admin, /group.
  const expected: Record<Who, [unruled: object, teacher: object, admin: object, group: object, orgSettings: object]> = {
    student: [ALLOW, TO_401, TO_HOME_NO_ACCESS, TO_401, TO_401],
    teacher: [ALLOW, ALLOW, TO_HOME_NO_ACCESS, TO_401, TO_401],
    creator: [ALLOW, ALLOW, TO_HOME_NO_ACCESS, TO_401, TO_401],
    developer: [ALLOW, ALLOW, TO_HOME_NO_ACCESS, TO_401, TO_401],
    orgAdmin: [ALLOW, ALLOW, TO_HOME_NO_ACCESS, ALLOW, ALLOW],
    superAdmin: [ALLOW, ALLOW, ALLOW, ALLOW, ALLOW],
    superAdminOnly: [ALLOW, ALLOW, ALLOW, ALLOW, ALLOW],
  };
  const ruleOf = (name: RouteName) => ('rule' in ROUTES[name] ? ROUTES[name].rule : undefined);
  const column = { undefined: 0, teacherOrDeveloper: 1, superAdmin: 2, vipAdmin: 3, orgAdmin: 4 } as const;

  it.each(Object.keys(ROLES) as Who[])('%s: every route of the table', (who) => {
    const u = user(ROLES[who]);
    for (const name of names) {
      const want = 'open' in ROUTES[name] ? ALLOW : expected[who][column[String(ruleOf(name)) as keyof typeof column]];
      expect(decide(name, u), `${who} → ${name}`).toEqual(want);
    }
  });
});

describe('decideAccess: a trial (non-VIP) organisation', () => {
  it.each(Object.keys(ROLES) as Who[])('%s: /group says 无访问权限 and goes to the group settings', (who) => {
    const u = user(ROLES[who], { vip: false });
    // Admins land on 组织管理 (open to every tier); others on their own 我的组织.
    const want = ['orgAdmin', 'superAdmin', 'superAdminOnly'].includes(who) ? TO_ORG_SETTINGS_NO_ACCESS : TO_MYGROUP_NO_ACCESS;
    expect(decide('group', u)).toEqual(want);
    expect(decide('group-organization', u)).toEqual(want);
  });

  it('组织管理 itself opens for a trial organisation\'s admin', () => {
    expect(decide('org-settings', user(ROLES.orgAdmin, { vip: false }))).toEqual(ALLOW);
    expect(decide('org-settings', user(ROLES.teacher, { vip: false }))).toEqual(TO_401);
  });

  it('other rules do not depend on the tier', () => {
    expect(decide('teachingSpace', user(ROLES.teacher, { vip: false }))).toEqual(ALLOW);
    expect(decide('teachingSpace', user(ROLES.student, { vip: false }))).toEqual(TO_401);
    expect(decide('admin', user(ROLES.superAdmin, { vip: false }))).toEqual(ALLOW);
    expect(decide('admin', user(ROLES.orgAdmin, { vip: false }))).toEqual(TO_HOME_NO_ACCESS);
  });
});

describe('decideAccess: the developer flag', () => {
  it('opens teaching space to a student the server flags as developer', () => {
    expect(decide('teachingSpace', { ...user(ROLES.student), is_developer: true })).toEqual(ALLOW);
  });
});

describe('entrance helpers', () => {
  it('管理后台 (the /group link) needs a VIP organisation and an admin or above', () => {
    expect(canEnterGroupAdmin(null)).toBe(false);
    expect(canEnterGroupAdmin(user(ROLES.orgAdmin))).toBe(true);
    expect(canEnterGroupAdmin(user(ROLES.superAdminOnly))).toBe(true);
    expect(canEnterGroupAdmin(user(ROLES.orgAdmin, { vip: false }))).toBe(false);
    for (const who of ['student', 'teacher', 'creator', 'developer'] as const) expect(canEnterGroupAdmin(user(ROLES[who]))).toBe(false);
  });

  it('teaching space is for teachers or above and developers', () => {
    expect(canEnterTeachingSpace(null)).toBe(false);
    expect(canEnterTeachingSpace(user(ROLES.student))).toBe(false);
    for (const who of ['teacher', 'creator', 'developer', 'orgAdmin', 'superAdmin'] as const) {
      expect(canEnterTeachingSpace(user(ROLES[who])), who).toBe(true);
    }
  });

  it('knowledge bases and intent libraries are managed by the roles that manage robots, never by a student', () => {
    expect(canManageResources(null)).toBe(false);
    expect(canManageResources(user(ROLES.student))).toBe(false);
    expect(canManageResources(user([]))).toBe(false);
    for (const who of ['teacher', 'creator', 'developer', 'orgAdmin', 'superAdmin', 'superAdminOnly'] as const) {
      expect(canManageResources(user(ROLES[who])), who).toBe(true);
    }
  });

  it('the super admin is the only one with 管理后台 (/admin)', () => {
    expect(isSuperAdmin(null)).toBe(false);
    expect(isSuperAdmin(user(ROLES.superAdminOnly))).toBe(true);
    for (const who of ['student', 'teacher', 'creator', 'developer', 'orgAdmin'] as const) expect(isSuperAdmin(user(ROLES[who]))).toBe(false);
  });
});
