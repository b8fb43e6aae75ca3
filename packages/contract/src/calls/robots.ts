/** Calls of robots, their members, recent use, releases, teams and bound contents (spec §4, §7). See call.ts. */
import { z } from 'zod';
import { defineCall } from '../call.ts';
import { bindContentBody, boundContentQuery, contentStatusBody, unbindContentBody } from '../knowledge.ts';
import {
  addCooperatorResult, addTeamMembersBody, auditBody, auditListQuery, auditRowSchema, boundContentsSchema, changeTeamRoleBody,
  checkTeamNameQuery, copiedRobotSchema, copyRobotBody, industriesSchema, inviteResultSchema, joinRobotBody, joinRobotResult,
  joinTeamBody, memberListQuery, operateInviteBody, releaseBody, reviewSchema, robotConfigResult, robotDesignQuery,
  robotDesignSchema, robotDetailQuery, robotDetailSchema, robotExtraResult, robotIdBody, robotListQuery, robotMemberSchema,
  robotSchema, robotSettingBody, robotSettingResult, robotStatsSchema, robotUserBody, robotsPageQuery, saveRobotBody,
  saveTeamBody, savedTeamSchema, scenesSchema, teamIdBody, teamInviteQuery, teamListQuery, teamMemberBody, teamMemberSchema,
  teamInviteSchema, teamMembersQuery, teamNameCheckResult, teamSchema, updateConfigBody, updateExtraBody, usedRefSchema, usedRobotSchema,
  usedSaveBody, viewCountResult,
} from '../robots.ts';
import { noData, pageOf, pageQuery } from '../uc.ts';

const none = z.object({});

/** /api/uc/Tool: the industry catalogue (the feedback calls of the same controller are the platform's). */
export const Tool = {
  getCategoryList: defineCall({
    method: 'GET', path: '/api/uc/Tool/getCategoryList', summary: '行业分类', query: none, response: industriesSchema,
  }),
};

/** /api/ai/robot (lower case): the same industries under the robot controller's old name. */
export const RobotLower = {
  getRobotCategoryList: defineCall({
    method: 'GET', path: '/api/ai/robot/getRobotCategoryList', summary: '机器人行业分类', query: none, response: industriesSchema,
  }),
};

export const Robot = {
  getRobotScenes: defineCall({
    method: 'GET', path: '/api/ai/Robot/getRobotScenes', summary: '机器人场景', query: none, response: scenesSchema,
  }),
  lists: defineCall({
    method: 'GET', path: '/api/ai/Robot/lists', summary: '机器人列表（我的 / 广场 / 模板库）',
    query: robotListQuery, response: pageOf(robotSchema),
  }),
  detail: defineCall({
    method: 'GET', path: '/api/ai/Robot/detail', summary: '机器人详情', query: robotDetailQuery, response: robotDetailSchema,
  }),
  viewCount: defineCall({
    method: 'POST', path: '/api/ai/Robot/viewCount', summary: '机器人查看次数 +1', body: robotIdBody, response: viewCountResult,
  }),
  joinRobot: defineCall({
    method: 'POST', path: '/api/ai/Robot/joinRobot', summary: '加入机器人', body: joinRobotBody, response: joinRobotResult,
  }),
  copyClassRobot: defineCall({
    method: 'POST', path: '/api/ai/Robot/copyClassRobot', summary: '复制机器人（source 2：教师入驻）',
    body: copyRobotBody, response: copiedRobotSchema,
  }),
  saveRobot: defineCall({
    method: 'POST', path: '/api/ai/Robot/saveRobot', summary: '创建或修改机器人', body: saveRobotBody, response: robotSchema,
  }),
  getRobotDesignInfo: defineCall({
    method: 'GET', path: '/api/ai/Robot/getRobotDesignInfo', summary: '机器人管理详情',
    query: robotDesignQuery, response: robotDesignSchema,
  }),
  updateRobotExtraInfo: defineCall({
    method: 'POST', path: '/api/ai/Robot/updateRobotExtraInfo', summary: '修改封面、能力介绍、使用方式',
    body: updateExtraBody, response: robotExtraResult,
  }),
  updateRobotConfigData: defineCall({
    method: 'POST', path: '/api/ai/Robot/updateRobotConfigData', summary: '修改开场白与推荐问题',
    body: updateConfigBody, response: robotConfigResult,
  }),
  updateRobotSetting: defineCall({
    method: 'POST', path: '/api/ai/Robot/updateRobotSetting', summary: '机器人设置：上架/下架、停用、关闭、公开范围',
    body: robotSettingBody, response: robotSettingResult,
  }),
  delete: defineCall({
    method: 'POST', path: '/api/ai/Robot/delete', summary: '删除机器人', body: robotIdBody, response: noData,
  }),
  stats: defineCall({
    method: 'GET', path: '/api/ai/Robot/stats', summary: '机器人数据统计',
    query: z.object({ id: robotIdBody.shape.id }), response: robotStatsSchema,
  }),
  hideRobot: defineCall({
    method: 'POST', path: '/api/ai/Robot/hideRobot', summary: '从最近使用中移除机器人', body: robotIdBody, response: noData,
  }),
  release: defineCall({
    method: 'POST', path: '/api/ai/Robot/release', summary: '发布到机器人广场或模板库（待审核）',
    body: releaseBody, response: reviewSchema,
  }),
  cancelRelease: defineCall({
    method: 'POST', path: '/api/ai/Robot/cancelRelease', summary: '撤回发布', body: releaseBody, response: noData,
  }),
  bindedContent: defineCall({
    method: 'GET', path: '/api/ai/Robot/bindedContent', summary: '机器人已关联的内容',
    query: boundContentQuery, response: boundContentsSchema,
  }),
  bindContent: defineCall({
    method: 'POST', path: '/api/ai/Robot/bindContent', summary: '关联内容到机器人', body: bindContentBody, response: boundContentsSchema,
  }),
  unbindContent: defineCall({
    method: 'POST', path: '/api/ai/Robot/unbindContent', summary: '取消关联', body: unbindContentBody, response: noData,
  }),
  setRobotContentStatus: defineCall({
    method: 'POST', path: '/api/ai/Robot/setRobotContentStatus', summary: '启用或停用关联内容',
    body: contentStatusBody, response: noData,
  }),
};

export const RobotMember = {
  lists: defineCall({
    method: 'GET', path: '/api/ai/RobotMember/lists', summary: '机器人成员列表',
    query: memberListQuery, response: pageOf(robotMemberSchema),
  }),
  addRobotUser: defineCall({
    method: 'POST', path: '/api/ai/RobotMember/addRobotUser', summary: '添加协作者', body: robotUserBody, response: addCooperatorResult,
  }),
  unbindMember: defineCall({
    method: 'POST', path: '/api/ai/RobotMember/unbindMember', summary: '移除成员', body: robotUserBody, response: noData,
  }),
};

export const RobotUsed = {
  save: defineCall({
    method: 'POST', path: '/api/ai/RobotUsed/save', summary: '标记最近使用', body: usedSaveBody, response: usedRefSchema,
  }),
  lists: defineCall({
    method: 'GET', path: '/api/ai/RobotUsed/lists', summary: '最近使用的机器人',
    query: robotsPageQuery, response: pageOf(usedRobotSchema),
  }),
  usedOrCooperator: defineCall({
    method: 'GET', path: '/api/ai/RobotUsed/usedOrCooperator', summary: '使用过或协作的机器人',
    query: pageQuery, response: pageOf(usedRobotSchema),
  }),
  defaultRobot: defineCall({
    method: 'GET', path: '/api/ai/RobotUsed/defaultRobot', summary: '默认打开的机器人',
    query: none, response: usedRobotSchema.nullable(),
  }),
};

/** /api/ai/admin.robot: release review (super admin). */
export const AdminRobot = {
  auditLists: defineCall({
    method: 'GET', path: '/api/ai/admin.robot/auditLists', summary: '发布审核列表（超级管理员）',
    query: auditListQuery, response: pageOf(auditRowSchema),
  }),
  audit: defineCall({
    method: 'POST', path: '/api/ai/admin.robot/audit', summary: '审核发布申请（超级管理员）', body: auditBody, response: noData,
  }),
};

export const RobotTeam = {
  checkRobotTeamName: defineCall({
    method: 'GET', path: '/api/ai/RobotTeam/checkRobotTeamName', summary: '检查团队名称',
    query: checkTeamNameQuery, response: teamNameCheckResult,
  }),
  save: defineCall({
    method: 'POST', path: '/api/ai/RobotTeam/save', summary: '创建或修改团队', body: saveTeamBody, response: savedTeamSchema,
  }),
  lists: defineCall({
    method: 'GET', path: '/api/ai/RobotTeam/lists', summary: '机器人的团队列表', query: teamListQuery, response: pageOf(teamSchema),
  }),
  members: defineCall({
    method: 'GET', path: '/api/ai/RobotTeam/members', summary: '团队成员列表',
    query: teamMembersQuery, response: pageOf(teamMemberSchema),
  }),
  addMember: defineCall({
    method: 'POST', path: '/api/ai/RobotTeam/addMember', summary: '添加团队成员', body: addTeamMembersBody, response: savedTeamSchema,
  }),
  removeMember: defineCall({
    method: 'POST', path: '/api/ai/RobotTeam/removeMember', summary: '移除团队成员', body: teamMemberBody, response: noData,
  }),
  changeRole: defineCall({
    method: 'POST', path: '/api/ai/RobotTeam/changeRole', summary: '修改团队成员角色', body: changeTeamRoleBody, response: noData,
  }),
  delete: defineCall({
    method: 'POST', path: '/api/ai/RobotTeam/delete', summary: '删除团队', body: teamIdBody, response: noData,
  }),
  leave: defineCall({
    method: 'POST', path: '/api/ai/RobotTeam/leave', summary: '退出团队', body: teamIdBody, response: noData,
  }),
  checkRobotTeamInvite: defineCall({
    method: 'GET', path: '/api/ai/RobotTeam/checkRobotTeamInvite', summary: '团队邀请信息（依次检查下架、停用、已加入、其他团队）',
    query: teamInviteQuery, response: teamInviteSchema,
  }),
  operateInviteAction: defineCall({
    method: 'POST', path: '/api/ai/RobotTeam/operateInviteAction', summary: '接受或拒绝团队邀请',
    body: operateInviteBody, response: inviteResultSchema,
  }),
  joinTeam: defineCall({
    method: 'POST', path: '/api/ai/RobotTeam/joinTeam', summary: '通过邀请码加入团队', body: joinTeamBody, response: inviteResultSchema,
  }),
};
