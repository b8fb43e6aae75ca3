import { z } from 'zod';
import { defineCalls, get, post } from '../call.ts';
import {
  adminRobotDeleteBody, adminRobotListQuery, helpArticleSchema, helpIdBody, helpListQuery, saveHelpBody, adminRobotRowSchema, auditListQuery, auditLogSchema, markingRobotRowSchema,
  moveUserBody, orgAddMemberBody, orgCreateBody, orgListQuery, orgMemberRolesBody, orgMemberSchema, orgMembersQuery,
  orgRenameBody, orgRowSchema, orgStatusBody, orgTierBody, overviewQuery, overviewSchema, resetUserPasswordBody,
  robotHandleBody, userRowSchema, userSearchQuery, userStatusBody,
} from '../admin.ts';
import { noData, pageOf } from '../uc.ts';

/** Organisations across the platform (super admin, /admin/user/organization). */
export const AdminGroup = defineCalls('/api/uc/admin.group', {
  lists: get('全部组织（服务等级、成员数、机器人数、子组织）', orgListQuery, pageOf(orgRowSchema)),
  save: post('新建组织（超级管理员）', orgCreateBody, orgRowSchema),
  rename: post('重命名组织', orgRenameBody, orgRowSchema),
  setTier: post('设置服务等级与到期时间', orgTierBody, orgRowSchema),
  setStatus: post('停用或启用组织（停用后成员在下次状态检查时退出）', orgStatusBody, orgRowSchema),
  members: get('组织成员（任一组织）', orgMembersQuery, pageOf(orgMemberSchema)),
  addMember: post('按手机号或邮箱把已有账号加入组织', orgAddMemberBody, noData),
  setMemberRoles: post('设置组织成员角色（任一组织）', orgMemberRolesBody, noData),
  moveUser: post('把用户移到另一个组织', moveUserBody, noData),
});

/** Accounts across organisations (super admin). */
export const AdminUser = defineCalls('/api/uc/admin.user', {
  lists: get('按姓名、手机号或邮箱搜索用户', userSearchQuery, pageOf(userRowSchema)),
  setStatus: post('停用或启用账号', userStatusBody, noData),
  resetPassword: post('重置密码（用户下次登录须修改）', resetUserPasswordBody, noData),
});

/** The super admin's overview (/admin/index). */
export const AdminStats = defineCalls('/api/uc/admin.stats', {
  overview: get('平台概览：用户、组织、机器人、每日提问、活跃用户、各模型服务商用量', overviewQuery, overviewSchema),
});

/** The audit trail of both back offices: super admin sees all, an organisation admin their organisation's. */
export const AdminAudit = defineCalls('/api/uc/admin.audit', {
  lists: get('操作日志', auditListQuery, pageOf(auditLogSchema)),
});

/** admin.robot lists / handles / delete (spec §7) for the platform (admin) or one organisation (group). */
export const AdminRobots = defineCalls('/api/ai/admin.robot', {
  lists: get('机器人管理列表（平台或本组织）', adminRobotListQuery, pageOf(adminRobotRowSchema)),
  handles: post('停用、关闭、从广场下架等处理', robotHandleBody, adminRobotRowSchema),
  delete: post('删除机器人（管理后台）', adminRobotDeleteBody, noData),
});

/** The AI marking overview (/admin/match/robotList). */
export const AdminMarking = defineCalls('/api/ai/admin.marking', {
  robotList: get('使用 AI 批阅的机器人及其作业', z.object({}), z.array(markingRobotRowSchema)),
});

/** The help centre (帮助中心): everyone signed in reads it; the super admin writes it. */
export const HelpCenter = defineCalls('/api/uc/HelpCenter', {
  lists: get('帮助中心已发布的文章（release_guide 发布指南、faq 常见问题），可按关键词搜索', helpListQuery, z.array(helpArticleSchema)),
  manageLists: get('帮助中心全部文章，含草稿（超级管理员）', helpListQuery, z.array(helpArticleSchema)),
  save: post('新建或修改帮助文章（超级管理员）', saveHelpBody, helpArticleSchema),
  delete: post('删除帮助文章（超级管理员）', helpIdBody, noData),
});
