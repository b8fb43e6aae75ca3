import { ORG_ROLES, Role } from '@xueban/contract/roles';

/** How organisation roles read here (spec §6 names them). */
export const ORG_ROLE_LABELS: Record<string, string> = {
  [Role.SUPER_ADMIN]: '超级管理员',
  [Role.ORG_ADMIN]: '管理员',
  [Role.TEACHER]: '教师',
  [Role.CREATOR]: '创作者',
  [Role.DEVELOPER]: '开发者',
  [Role.STUDENT]: '学生',
};

export const ROLE_OPTIONS = ORG_ROLES.map((r) => ({ value: r, label: ORG_ROLE_LABELS[r] ?? r }));
export const roleLabel = (r: string) => ORG_ROLE_LABELS[r] ?? r;
