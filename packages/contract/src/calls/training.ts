/** Calls of the training centre (训练中心, issue 20): scenarios (setup), attempts (train, talk), results. See call.ts. */
import { z } from 'zod';
import { defineCalls, get, post } from '../call.ts';
import {
  attemptIdBody, attemptIdQuery, attemptSchema, attemptSummarySchema, myAttemptsQuery, publishScenarioBody, replyBody, resultRowSchema,
  saveScenarioBody, scenarioDetailSchema, scenarioIdBody, scenarioIdQuery, scenarioListQuery, scenarioSchema, startAttemptBody,
} from '../training.ts';
import { noData } from '../uc.ts';

export const TrainScenario = defineCalls('/api/ai/TrainScenario', {
  lists: get('训练场景列表（本组织已发布的，及我可设置的草稿）', scenarioListQuery, z.array(scenarioSchema)),
  detail: get('训练场景详情（含是否已配置模型）', scenarioIdQuery, scenarioDetailSchema),
  save: post('新建或修改训练场景（角色、目标、评分标准、轮数、开场白）', saveScenarioBody, scenarioSchema),
  publish: post('发布或取消发布训练场景', publishScenarioBody, scenarioSchema),
  delete: post('删除训练场景（连同训练记录）', scenarioIdBody, noData),
  results: get('学员的训练成绩（教师：所带班级的学生；管理员：全部）', scenarioIdQuery, z.array(resultRowSchema)),
});

export const TrainAttempt = defineCalls('/api/ai/TrainAttempt', {
  start: post('开始一次训练或自由对话', startAttemptBody, attemptSchema),
  reply: post('学员回答一轮（最后一轮后由模型评分）', replyBody, attemptSchema),
  debrief: post('重新评分（上次评分无法解析时）', attemptIdBody, attemptSchema),
  mine: get('我在某场景的训练记录', myAttemptsQuery, z.array(attemptSummarySchema)),
  detail: get('一次训练的详情（本人、其老师或管理员）', attemptIdQuery, attemptSchema),
});
