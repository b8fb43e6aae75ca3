/** Calls of the user centre: passport, User, groups, uploads and files, notifications (spec §3, §4, §7). See call.ts. */
import { defineCall } from '../call.ts';
import {
  applyDeveloperBody, auditApplyBody, changeOrgQuery, createdGroupSchema, createGroupBody, createInviteBody,
  developerApplyListQuery, developerApplyRowSchema, developerApplySchema, emptyQuery, fileContentSchema, fileQuery, idBody,
  inviteInfoSchema, inviteLinkSchema, inviteQuery, joinedGroupSchema, joinGroupBody, loginBody, loginResult,
  memberBody, memberRolesBody, memberSchema, modifyPassBody, noData, noticeCountSchema, noticeListQuery,
  noticeSchema, pageOf, pageQuery, readAllBody, registerBody, resetPassBody, sendCodeBody, setCurrentGroupBody,
  setVipBody, storedFileSchema, updateGroupBody, updateUserBody, uploadTokenQuery, uploadTokenSchema,
  userInfoSchema, userStatusSchema, validAccountSchema, validCodeBody,
} from '../uc.ts';

export const Passport = {
  doLogin: defineCall({
    method: 'POST', path: '/api/uc/passport/doLogin', summary: '登录',
    body: loginBody, response: loginResult,
  }),
  doReg: defineCall({
    method: 'POST', path: '/api/uc/passport/doReg', summary: '注册',
    body: registerBody, response: loginResult,
  }),
  doLogout: defineCall({
    method: 'POST', path: '/api/uc/passport/doLogout', summary: '退出登录',
    response: noData,
  }),
  getUserInfo: defineCall({
    method: 'GET', path: '/api/uc/passport/getUserInfo', summary: '当前用户信息',
    response: userInfoSchema,
  }),
  ignoreVipUpgrade: defineCall({
    method: 'GET', path: '/api/uc/passport/ignoreVipUpgrade', summary: '不再提示升级',
    query: emptyQuery, response: noData,
  }),
};

export const User = {
  sendcode: defineCall({
    method: 'POST', path: '/api/uc/User/sendcode', summary: '发送验证码',
    body: sendCodeBody, response: noData,
  }),
  update: defineCall({
    method: 'POST', path: '/api/uc/User/update', summary: '修改个人资料',
    body: updateUserBody, response: userInfoSchema,
  }),
  modifyPass: defineCall({
    method: 'POST', path: '/api/uc/User/modifyPass', summary: '修改密码',
    body: modifyPassBody, response: noData,
  }),
  resetUserPass: defineCall({
    method: 'POST', path: '/api/uc/User/resetUserPass', summary: '通过验证码重置密码',
    body: resetPassBody, response: noData,
  }),
  changeMobileOrEmail: defineCall({
    method: 'POST', path: '/api/uc/User/changeMobileOrEmail', summary: '更换手机号或邮箱',
    body: validCodeBody, response: userInfoSchema,
  }),
  validUserMobile: defineCall({
    method: 'POST', path: '/api/uc/User/validUserMobile', summary: '验证本人手机号或邮箱',
    body: validCodeBody, response: validAccountSchema,
  }),
  checkUserStatus: defineCall({
    method: 'GET', path: '/api/uc/User/checkUserStatus', summary: '检查账号与组织状态',
    query: emptyQuery, response: userStatusSchema,
  }),
  applyDeveloper: defineCall({
    method: 'POST', path: '/api/uc/User/applyDeveloper', summary: '申请成为创作者',
    body: applyDeveloperBody, response: developerApplySchema,
  }),
  getUserDeveloperApply: defineCall({
    method: 'GET', path: '/api/uc/User/getUserDeveloperApply', summary: '我的创作者申请',
    query: emptyQuery, response: developerApplySchema.nullable(),
  }),
  developerApplyLists: defineCall({
    method: 'GET', path: '/api/uc/User/developerApplyLists', summary: '创作者申请列表（组织管理员）',
    query: developerApplyListQuery, response: pageOf(developerApplyRowSchema),
  }),
  auditDeveloperApply: defineCall({
    method: 'POST', path: '/api/uc/User/auditDeveloperApply', summary: '审核创作者申请',
    body: auditApplyBody, response: noData,
  }),
  setCurrentGroup: defineCall({
    method: 'POST', path: '/api/uc/User/setCurrentGroup', summary: '切换当前组织',
    body: setCurrentGroupBody, response: userInfoSchema,
  }),
  getUserInviteInfo: defineCall({
    method: 'GET', path: '/api/uc/User/getUserInviteInfo', summary: '组织邀请链接信息',
    query: inviteQuery, response: inviteInfoSchema,
  }),
};

export const Aigc = {
  changeOrg: defineCall({
    method: 'GET', path: '/api/aigc/changeOrg', summary: '切换组织',
    query: changeOrgQuery, response: userInfoSchema,
  }),
};

export const Groups = {
  join: defineCall({
    method: 'POST', path: '/api/uc/groups/join', summary: '通过邀请链接加入组织',
    body: joinGroupBody, response: joinedGroupSchema,
  }),
  save: defineCall({
    method: 'POST', path: '/api/uc/groups/save', summary: '创建组织（或子组织）',
    body: createGroupBody, response: createdGroupSchema,
  }),
  update: defineCall({
    method: 'POST', path: '/api/uc/groups/update', summary: '修改当前组织',
    body: updateGroupBody, response: noData,
  }),
  createInvite: defineCall({
    method: 'POST', path: '/api/uc/groups/createInvite', summary: '生成组织邀请链接',
    body: createInviteBody, response: inviteLinkSchema,
  }),
  members: defineCall({
    method: 'GET', path: '/api/uc/groups/members', summary: '组织成员列表',
    query: pageQuery, response: pageOf(memberSchema),
  }),
  setMemberRoles: defineCall({
    method: 'POST', path: '/api/uc/groups/setMemberRoles', summary: '设置成员角色',
    body: memberRolesBody, response: noData,
  }),
  removeMember: defineCall({
    method: 'POST', path: '/api/uc/groups/removeMember', summary: '移除成员',
    body: memberBody, response: noData,
  }),
  setVip: defineCall({
    method: 'POST', path: '/api/uc/groups/setVip', summary: '设置组织服务等级（超级管理员）',
    body: setVipBody, response: noData,
  }),
};

export const Upload = {
  getToken: defineCall({
    method: 'GET', path: '/api/uc/upload/getToken', summary: '获取上传凭证',
    query: uploadTokenQuery, response: uploadTokenSchema,
  }),
  /** multipart/form-data: policy and signature fields before the file. */
  fileUpload: defineCall({
    method: 'POST', path: '/api/uc/upload/fileUpload', summary: '上传文件（multipart：policy、signature 字段在 file 之前）',
    response: storedFileSchema,
  }),
};

export const Files = {
  read: defineCall({
    method: 'GET', path: '/api/files/*',
    summary: '读取已上传文件（本组织成员、上传者或超级管理员；头像公开；带 exp、sig 的签名链接在有效期内任何人可读）',
    query: fileQuery, produces: 'application/octet-stream',
    response: fileContentSchema,
  }),
};

export const Notice = {
  lists: defineCall({
    method: 'GET', path: '/api/uc/notice/lists', summary: '消息通知列表',
    query: noticeListQuery, response: pageOf(noticeSchema),
  }),
  unreadCount: defineCall({
    method: 'GET', path: '/api/uc/notice/unreadCount', summary: '未读数',
    query: emptyQuery, response: noticeCountSchema,
  }),
  read: defineCall({
    method: 'POST', path: '/api/uc/notice/read', summary: '标记已读',
    body: idBody, response: noData,
  }),
  readAll: defineCall({
    method: 'POST', path: '/api/uc/notice/readAll', summary: '全部标记为已读',
    body: readAllBody, response: noticeCountSchema,
  }),
};
