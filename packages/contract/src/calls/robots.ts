/** Calls of robots, their members, recent use, releases, teams and bound contents (spec §4, §7). See call.ts. */
import { z } from 'zod';
import { defineCalls, get, post } from '../call.ts';
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
import { emptyQuery, noData, pageOf, pageQuery } from '../uc.ts';

/** /api/uc/Tool: the industry catalogue (the feedback calls of the same controller are the platform's). */
export const Tool = defineCalls('/api/uc/Tool', {
  getCategoryList: get('行业分类', emptyQuery, industriesSchema),
});

/** /api/ai/robot (lower case): the same industries under the robot controller's old name. */
export const RobotLower = defineCalls('/api/ai/robot', {
  getRobotCategoryList: get('机器人行业分类', emptyQuery, industriesSchema),
});

export const Robot = defineCalls('/api/ai/Robot', {
  getRobotScenes: get('机器人场景', emptyQuery, scenesSchema),
  lists: get('机器人列表（我的 / 广场 / 模板库）', robotListQuery, pageOf(robotSchema)),
  detail: get('机器人详情', robotDetailQuery, robotDetailSchema),
  viewCount: post('机器人查看次数 +1', robotIdBody, viewCountResult),
  joinRobot: post('加入机器人', joinRobotBody, joinRobotResult),
  copyClassRobot: post('复制机器人（source 2：教师入驻）', copyRobotBody, copiedRobotSchema),
  saveRobot: post('创建或修改机器人', saveRobotBody, robotSchema),
  getRobotDesignInfo: get('机器人管理详情', robotDesignQuery, robotDesignSchema),
  updateRobotExtraInfo: post('修改封面、能力介绍、使用方式', updateExtraBody, robotExtraResult),
  updateRobotConfigData: post('修改开场白与推荐问题', updateConfigBody, robotConfigResult),
  updateRobotSetting: post('机器人设置：上架/下架、停用、关闭、公开范围', robotSettingBody, robotSettingResult),
  delete: post('删除机器人', robotIdBody, noData),
  stats: get('机器人数据统计', z.object({ id: robotIdBody.shape.id }), robotStatsSchema),
  hideRobot: post('从最近使用中移除机器人', robotIdBody, noData),
  release: post('发布到机器人广场或模板库（待审核）', releaseBody, reviewSchema),
  cancelRelease: post('撤回发布', releaseBody, noData),
  bindedContent: get('机器人已关联的内容', boundContentQuery, boundContentsSchema),
  bindContent: post('关联内容到机器人', bindContentBody, boundContentsSchema),
  unbindContent: post('取消关联', unbindContentBody, noData),
  setRobotContentStatus: post('启用或停用关联内容', contentStatusBody, noData),
});

export const RobotMember = defineCalls('/api/ai/RobotMember', {
  lists: get('机器人成员列表', memberListQuery, pageOf(robotMemberSchema)),
  addRobotUser: post('添加协作者', robotUserBody, addCooperatorResult),
  unbindMember: post('移除成员', robotUserBody, noData),
});

export const RobotUsed = defineCalls('/api/ai/RobotUsed', {
  save: post('标记最近使用', usedSaveBody, usedRefSchema),
  lists: get('最近使用的机器人', robotsPageQuery, pageOf(usedRobotSchema)),
  usedOrCooperator: get('使用过或协作的机器人', pageQuery, pageOf(usedRobotSchema)),
  defaultRobot: get('默认打开的机器人', emptyQuery, usedRobotSchema.nullable()),
});

/** /api/ai/admin.robot: release review (super admin). */
export const AdminRobot = defineCalls('/api/ai/admin.robot', {
  auditLists: get('发布审核列表（超级管理员）', auditListQuery, pageOf(auditRowSchema)),
  audit: post('审核发布申请（超级管理员）', auditBody, noData),
});

export const RobotTeam = defineCalls('/api/ai/RobotTeam', {
  checkRobotTeamName: get('检查团队名称', checkTeamNameQuery, teamNameCheckResult),
  save: post('创建或修改团队', saveTeamBody, savedTeamSchema),
  lists: get('机器人的团队列表', teamListQuery, pageOf(teamSchema)),
  members: get('团队成员列表', teamMembersQuery, pageOf(teamMemberSchema)),
  addMember: post('添加团队成员', addTeamMembersBody, savedTeamSchema),
  removeMember: post('移除团队成员', teamMemberBody, noData),
  changeRole: post('修改团队成员角色', changeTeamRoleBody, noData),
  delete: post('删除团队', teamIdBody, noData),
  leave: post('退出团队', teamIdBody, noData),
  checkRobotTeamInvite: get('团队邀请信息（依次检查下架、停用、已加入、其他团队）', teamInviteQuery, teamInviteSchema),
  operateInviteAction: post('接受或拒绝团队邀请', operateInviteBody, inviteResultSchema),
  joinTeam: post('通过邀请码加入团队', joinTeamBody, inviteResultSchema),
});
