/** Calls of classes (issue 17): a teacher's classes, rosters, invites, quotas, export, news. See call.ts. */
import { z } from 'zod';
import { defineCall, defineCalls, get, post } from '../call.ts';
import {
  addByAccountBody, addByAccountResult, classIdQuery, classNewsQuery, classNewsSchema, classNoticeBody, classQuotaBody, classSchema, inviteExpiryBody, memberQuotaBody,
  moveMemberBody, myClassesQuery, rosterSchema,
} from '../classes.ts';
import { noData, pageOf } from '../uc.ts';

export const TeamClass = defineCalls('/api/ai/TeamClass', {
  mine: get('我带的班级（可按机器人筛选；机器人创建者看到该机器人的全部班级）', myClassesQuery, z.array(classSchema)),
  roster: get('班级花名册（成员、加入时间、今日提问）', classIdQuery, rosterSchema),
  setInviteExpiry: post('设置或清除邀请码有效期', inviteExpiryBody, classSchema),
  renewInvite: post('重新生成邀请码（旧码失效）', classIdQuery, classSchema),
  setQuota: post('设置班级每日提问次数', classQuotaBody, classSchema),
  setMemberQuota: post('设置某个学生的每日提问次数', memberQuotaBody, noData),
  moveMember: post('把学生转到同一机器人的另一个班级', moveMemberBody, noData),
  addByAccount: post('按账号（手机号或邮箱）添加本组织的成员到班级', addByAccountBody, addByAccountResult),
  postNotice: post('发布班级通知', classNoticeBody, noData),
  robotNews: get('机器人上我带的班级的最近动态', z.object({ robot_id: classNewsQuery.shape.robot_id }), z.array(classNewsSchema)),
  news: get('我的班级动态（最新在前）', classNewsQuery, pageOf(classNewsSchema)),
  exportRoster: defineCall({
    method: 'GET', path: '/api/ai/TeamClass/exportRoster', summary: '导出班级花名册（CSV，UTF-8 BOM）',
    query: classIdQuery,
    produces: 'text/csv; charset=utf-8',
    response: z.string().meta({ description: '花名册 CSV：姓名, 账号, 班级, 角色, 加入时间, 今日提问' }),
  }),
});
