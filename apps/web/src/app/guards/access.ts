import type { UserInfo } from '@xueban/contract/uc';
import { MSG } from '@xueban/contract/messages';
import { Role, isAdminRoleAbove, isManager, isTeacherRoleAbove } from '@xueban/contract/roles';
import { pathTo, type RouteDef, type RouteName } from '../paths.ts';

export type AccessDecision =
  | { ok: true }
  | { ok: false; redirect: string; message?: string; openLogin?: boolean };

const allow: AccessDecision = { ok: true };

/**
 * Who may open a route (spec §4, §6), as a pure function of the route and the user so it is
 * tested without a browser. The router's loaders act on the answer.
 */
export function decideAccess(name: RouteName, def: RouteDef, user: UserInfo | null, search = ''): AccessDecision {
  if (def.open) return allow;
  // A visitor's chat (issue 25): the ticket or share link is checked by the server on every question.
  if (def.openWith) {
    const query = new URLSearchParams(search);
    if (def.openWith.some((q) => query.get(q))) return allow;
  }
  if (!user) {
    // Home itself shows, with the login dialog over it; every other page goes to home first.
    return name === 'home' ? allow : { ok: false, redirect: pathTo('home'), openLogin: true };
  }
  // The visit permission: a user who belongs to no organisation can only read about the product.
  if (name !== 'home' && !user.group_info) return { ok: false, redirect: pathTo('about') };
  switch (def.rule) {
    case 'teacherOrDeveloper':
      return isTeacherRoleAbove(user.roles) || user.is_developer ? allow : { ok: false, redirect: pathTo('unauthorized') };
    case 'superAdmin':
      return user.roles.includes(Role.SUPER_ADMIN) ? allow : { ok: false, redirect: pathTo('home'), message: MSG.noAccess };
    case 'vipAdmin':
      // Spec §6: 无访问权限, then the organisation's settings (组织管理, open to every tier) for its admins.
      if (!user.vip_group) return { ok: false, redirect: pathTo(isAdminRoleAbove(user.roles) ? 'org-settings' : 'personal-mygroup'), message: MSG.noAccess };
      return isAdminRoleAbove(user.roles) ? allow : { ok: false, redirect: pathTo('unauthorized') };
    case 'orgAdmin':
      return isAdminRoleAbove(user.roles) ? allow : { ok: false, redirect: pathTo('unauthorized') };
    default:
      return allow;
  }
}

/** The 管理后台 entrance: a VIP organisation and an admin or above (spec §6). */
export const canEnterGroupAdmin = (user: UserInfo | null) => !!user && user.vip_group && isAdminRoleAbove(user.roles);
export const canEnterTeachingSpace = (user: UserInfo | null) => !!user && (isTeacherRoleAbove(user.roles) || user.is_developer);
export const isSuperAdmin = (user: UserInfo | null) => !!user && user.roles.includes(Role.SUPER_ADMIN);
/** Robots and their resources (knowledge bases, intent libraries) are managed by teachers, creators and admins (spec §6). */
export const canManageResources = (user: UserInfo | null) => !!user && isManager(user.roles);
