import { Role } from '@xueban/contract/roles';

/** How account roles read in the interface (spec §6 names them; the labels are ours). */
export const ROLE_LABELS: Record<string, string> = {
  [Role.SUPER_ADMIN]: '超级管理员',
  [Role.ORG_ADMIN]: '管理员',
  [Role.TEACHER]: '教师',
  [Role.CREATOR]: '创作者',
  [Role.DEVELOPER]: '开发者',
  [Role.STUDENT]: '学生',
};
