/** Account roles of spec §6. A role is held per organisation; super admin is platform-wide. */
export const Role = {
  SUPER_ADMIN: 'ROLE_SUPER_ADMIN',
  ORG_ADMIN: 'ROLE_ORG_ADMIN',
  TEACHER: 'ROLE_TEACHER',
  CREATOR: 'ROLE_CREATOR',
  DEVELOPER: 'ROLE_DEVELOPER',
  STUDENT: 'ROLE_STUDENT',
} as const;
export type Role = (typeof Role)[keyof typeof Role];

export const ORG_ROLES = [Role.ORG_ADMIN, Role.TEACHER, Role.CREATOR, Role.DEVELOPER, Role.STUDENT] as const;
export type OrgRole = (typeof ORG_ROLES)[number];

export const ADMIN_ROLE_ABOVE: readonly Role[] = [Role.SUPER_ADMIN, Role.ORG_ADMIN];
export const TEACHER_ROLE_ABOVE: readonly Role[] = [...ADMIN_ROLE_ABOVE, Role.TEACHER];

export const hasAnyRole = (held: readonly string[], wanted: readonly string[]) =>
  held.some((r) => wanted.includes(r));
export const isAdminRoleAbove = (held: readonly string[]) => hasAnyRole(held, ADMIN_ROLE_ABOVE);
export const isTeacherRoleAbove = (held: readonly string[]) => hasAnyRole(held, TEACHER_ROLE_ABOVE);
/**
 * Account roles that manage robots and their resources (knowledge bases, intent libraries):
 * spec §6 "Robot manage: teacher-or-above or developer, else 没有操作权限". Super admins too.
 */
export const MANAGER_ROLES = [Role.ORG_ADMIN, Role.TEACHER, Role.CREATOR, Role.DEVELOPER] as const;
export const isManager = (held: readonly string[]) => hasAnyRole(held, [Role.SUPER_ADMIN, ...MANAGER_ROLES]);
/** Creator and developer are one capability in the product (spec §1 "creator/developer"). */
export const isDeveloper = (held: readonly string[]) => hasAnyRole(held, [Role.CREATOR, Role.DEVELOPER]);

/** vip_level 1 is a trial; above 1 is paid (or expired once vip_end_time passes). */
export const VIP_TRIAL = 1;

/** How roles read in the interface (spec §6 names them; the labels are ours). */
export const ROLE_LABEL: Record<string, string> = {
  [Role.SUPER_ADMIN]: '超级管理员',
  [Role.ORG_ADMIN]: '组织管理员',
  [Role.TEACHER]: '教师',
  [Role.CREATOR]: '创作者',
  [Role.DEVELOPER]: '开发者',
  [Role.STUDENT]: '学生',
};
export const roleLabel = (role: string) => ROLE_LABEL[role] ?? role;
/** The roles an organisation gives, as choices of a select. */
export const ORG_ROLE_OPTIONS = ORG_ROLES.map((value) => ({ value, label: roleLabel(value) }));
