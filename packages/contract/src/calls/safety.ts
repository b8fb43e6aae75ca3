/** Calls of the safety alerts (issue 28): the flags pages of teachers and organisation admins. See call.ts. */
import { defineCalls, get, post } from '../call.ts';
import {
  alertFiltersQuery, alertFiltersSchema, alertHandleBody, alertItemSchema, alertListQuery, optInBody, optInSchema,
} from '../safety.ts';
import { emptyQuery, pageOf } from '../uc.ts';

/** /api/ai/SafetyFlag/* */
export const SafetyFlag = defineCalls('/api/ai/SafetyFlag', {
  lists: get('安全预警列表（教师：所带班级的学生；组织管理员：全组织）', alertListQuery, pageOf(alertItemSchema)),
  filters: get('安全预警的筛选项（班级、学生）', alertFiltersQuery, alertFiltersSchema),
  handle: post('标记预警为已处理（附备注）', alertHandleBody, alertItemSchema),
  optIn: get('组织管理员是否接收高风险预警通知', emptyQuery, optInSchema),
  setOptIn: post('设置是否接收高风险预警通知（组织管理员）', optInBody, optInSchema),
});
