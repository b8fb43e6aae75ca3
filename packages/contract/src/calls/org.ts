/** Calls of organisation management (issue 18): settings, members, invites, sub-organisations, app centre, single sign-on, self-check. See call.ts. */
import { defineCalls, get, post } from '../call.ts';
import {
  addedMemberSchema, addMemberBody, addSubGroupBody, appDetailSchema, appInstallationSchema, appSeatBody, appSeatsBody,
  installAppBody, loginUrlQuery, loginUrlSchema, oauthCallbackBody, oauthResultSchema, orgInviteListQuery,
  orgInviteSchema, orgSettingsSchema, saveSsoBody, selfCheckSchema, ssoConfigQuery, ssoConfigSchema, subGroupSchema,
} from '../org.ts';
import { emptyQuery, idBody, noData, pageOf, pageQuery } from '../uc.ts';

/** /api/uc/GroupManage/*: the current organisation, for its admins (组织管理, /group/user/organization). */
export const GroupManage = defineCalls('/api/uc/GroupManage', {
  info: get('当前组织的设置（组织管理员）', emptyQuery, orgSettingsSchema),
  invites: get('组织邀请链接列表', orgInviteListQuery, pageOf(orgInviteSchema)),
  revokeInvite: post('作废邀请链接', idBody, noData),
  subGroups: get('子组织列表', pageQuery, pageOf(subGroupSchema)),
  addSubGroup: post('新建子组织（不切换当前组织）', addSubGroupBody, subGroupSchema),
  addMember: post('添加成员（按手机号或邮箱；没有账号时用给定的姓名和初始密码新建）', addMemberBody, addedMemberSchema),
});

/** /api/uc/GroupApp/*: the organisation's installed apps and their seats (应用中心管理; issue 20 adds the store). */
export const GroupApp = defineCalls('/api/uc/GroupApp', {
  lists: get('已安装的应用', pageQuery, pageOf(appInstallationSchema)),
  detail: get('应用详情与席位', idBody, appDetailSchema),
  install: post('安装应用', installAppBody, appInstallationSchema),
  setSeats: post('修改席位数', appSeatsBody, noData),
  assignSeat: post('分配席位给成员', appSeatBody, noData),
  releaseSeat: post('收回成员的席位', appSeatBody, noData),
  uninstall: post('卸载应用', idBody, noData),
});

/** /api/uc/Sso/*: single sign-on through a school's OpenID Connect provider (spec §7 login-url call). */
export const Sso = defineCalls('/api/uc/Sso', {
  config: get('组织的单点登录配置（超级管理员）', ssoConfigQuery, ssoConfigSchema),
  save: post('保存组织的单点登录配置（超级管理员）', saveSsoBody, ssoConfigSchema),
  loginUrl: get('单点登录地址（可带 redirect_uri：仅本站或已配置的地址）', loginUrlQuery, loginUrlSchema),
  callback: post('单点登录回调（/oauth）：换取登录态', oauthCallbackBody, oauthResultSchema),
});

/** /api/uc/Ops/*: the operator's self-check page (/test, super admin). */
export const Ops = defineCalls('/api/uc/Ops', {
  selfCheck: get('运行自检：数据库、队列、存储、模型、搜索、版本', emptyQuery, selfCheckSchema),
});
