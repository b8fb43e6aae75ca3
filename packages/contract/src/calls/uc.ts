/** Calls of the user centre: passport, User, groups, uploads and files, notifications (spec §3, §4, §7). See call.ts. */
import { defineCall, defineCalls, get, post } from '../call.ts';
import { directUploadTokenSchema } from '../direct-upload.ts';
import {
  applyDeveloperBody, auditApplyBody, changeOrgQuery, createdGroupSchema, createGroupBody, createInviteBody,
  developerApplyListQuery, developerApplyRowSchema, developerApplySchema, emptyQuery, fileContentSchema, fileQuery, idBody,
  inviteInfoSchema, inviteLinkSchema, inviteQuery, joinedGroupSchema, joinGroupBody, loginBody, loginResult,
  memberBody, memberRolesBody, memberSchema, modifyPassBody, noData, noticeCountSchema, noticeListQuery,
  noticeSchema, pageOf, pageQuery, noBody, registerBody, resetPassBody, sendCodeBody, setCurrentGroupBody,
  setVipBody, storedFileSchema, updateGroupBody, updateUserBody, uploadTokenQuery, uploadTokenSchema,
  userInfoSchema, userStatusSchema, validAccountSchema, validCodeBody,
} from '../uc.ts';

export const Passport = defineCalls('/api/uc/passport', {
  doLogin: post('登录', loginBody, loginResult),
  doReg: post('注册', registerBody, loginResult),
  doLogout: defineCall({
    method: 'POST', path: '/api/uc/passport/doLogout', summary: '退出登录',
    response: noData,
  }),
  getUserInfo: defineCall({
    method: 'GET', path: '/api/uc/passport/getUserInfo', summary: '当前用户信息',
    response: userInfoSchema,
  }),
  ignoreVipUpgrade: get('不再提示升级', emptyQuery, noData),
});

export const User = defineCalls('/api/uc/User', {
  sendcode: post('发送验证码', sendCodeBody, noData),
  update: post('修改个人资料', updateUserBody, userInfoSchema),
  modifyPass: post('修改密码', modifyPassBody, noData),
  resetUserPass: post('通过验证码重置密码', resetPassBody, noData),
  changeMobileOrEmail: post('更换手机号或邮箱', validCodeBody, userInfoSchema),
  validUserMobile: post('验证本人手机号或邮箱', validCodeBody, validAccountSchema),
  checkUserStatus: get('检查账号与组织状态', emptyQuery, userStatusSchema),
  applyDeveloper: post('申请成为创作者', applyDeveloperBody, developerApplySchema),
  getUserDeveloperApply: get('我的创作者申请', emptyQuery, developerApplySchema.nullable()),
  developerApplyLists: get('创作者申请列表（组织管理员）', developerApplyListQuery, pageOf(developerApplyRowSchema)),
  auditDeveloperApply: post('审核创作者申请', auditApplyBody, noData),
  setCurrentGroup: post('切换当前组织', setCurrentGroupBody, userInfoSchema),
  getUserInviteInfo: get('组织邀请链接信息', inviteQuery, inviteInfoSchema),
});

export const Aigc = defineCalls('/api/aigc', {
  changeOrg: get('切换组织', changeOrgQuery, userInfoSchema),
});

export const Groups = defineCalls('/api/uc/groups', {
  join: post('通过邀请链接加入组织', joinGroupBody, joinedGroupSchema),
  save: post('创建组织（或子组织）', createGroupBody, createdGroupSchema),
  update: post('修改当前组织', updateGroupBody, noData),
  createInvite: post('生成组织邀请链接', createInviteBody, inviteLinkSchema),
  members: get('组织成员列表', pageQuery, pageOf(memberSchema)),
  setMemberRoles: post('设置成员角色', memberRolesBody, noData),
  removeMember: post('移除成员', memberBody, noData),
  setVip: post('设置组织服务等级（超级管理员）', setVipBody, noData),
});

export const Upload = defineCalls('/api/uc/upload', {
  getToken: get('获取上传凭证', uploadTokenQuery, uploadTokenSchema),
  /** Spec §7. With S3 configured: a presigned POST straight to the bucket (`mode: 's3'`); otherwise the server route's policy. */
  getOverseaToken: get('获取上传凭证（海外存储）', uploadTokenQuery, directUploadTokenSchema),
  getStsToken: get('获取上传凭证（STS）', uploadTokenQuery, directUploadTokenSchema),
  /** multipart/form-data: policy and signature fields before the file. */
  fileUpload: defineCall({
    method: 'POST', path: '/api/uc/upload/fileUpload', summary: '上传文件（multipart：policy、signature 字段在 file 之前）',
    response: storedFileSchema,
  }),
});

export const Files = {
  read: defineCall({
    method: 'GET', path: '/api/files/*',
    summary: '读取已上传文件（本组织成员、上传者或超级管理员；头像公开；带 exp、sig 的签名链接在有效期内任何人可读）',
    query: fileQuery, produces: 'application/octet-stream',
    response: fileContentSchema,
  }),
};

export const Notice = defineCalls('/api/uc/notice', {
  lists: get('消息通知列表', noticeListQuery, pageOf(noticeSchema)),
  unreadCount: get('未读数', emptyQuery, noticeCountSchema),
  read: post('标记已读', idBody, noData),
  readAll: post('全部标记为已读', noBody, noticeCountSchema),
});
