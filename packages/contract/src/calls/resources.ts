/** Calls of publishing, the resource centre and solutions (issue 20). See call.ts. */
import { z } from 'zod';
import { defineCalls, get, post } from '../call.ts';
import {
  copyBody, copyResultSchema, installIdQuery, installSchema, publicationDetailSchema, publicationIdQuery, publicationListQuery,
  publicationSchema, publishBody, resourceItemSchema, resourceListQuery, reviewBody, solutionIdBody, solutionListQuery,
  solutionSaveBody, solutionSchema,
} from '../resources.ts';
import { noData, pageOf } from '../uc.ts';

/** Publishing a course plan, knowledge base or intent library; the organisation admin's review. */
export const Publish = defineCalls('/api/ai/publish', {
  save: post('发布课程、知识库或意图库到资源中心或本组织（待审核）', publishBody, publicationSchema),
  mine: get('我的发布（状态、浏览与复制次数）', publicationListQuery, pageOf(publicationSchema)),
  detail: get('发布内容详情（预览，计一次浏览）', publicationIdQuery, publicationDetailSchema),
  withdraw: post('撤回发布', publicationIdQuery, noData),
  reviewLists: get('发布审核列表（组织管理员）', publicationListQuery, pageOf(publicationSchema)),
  review: post('审核发布（组织管理员）', reviewBody, noData),
});

/** The resource centre: what is published for reuse, and 复制 into my workspace. */
export const ResCenter = defineCalls('/api/ai/resCenter', {
  lists: get('资源中心：已发布的机器人、课程、知识库和意图库', resourceListQuery, pageOf(resourceItemSchema)),
  copy: post('复制到我的工作台', copyBody, copyResultSchema),
});

/** Solutions (解决方案): a named bundle installed into the organisation in one step. */
export const Solution = defineCalls('/api/ai/solution', {
  lists: get('解决方案列表', solutionListQuery, pageOf(solutionSchema)),
  save: post('创建或修改解决方案', solutionSaveBody, solutionSchema),
  delete: post('删除解决方案', solutionIdBody, noData),
  install: post('安装解决方案到本组织（返回安装记录，进度可查询）', solutionIdBody, installSchema),
  installStatus: get('安装进度', installIdQuery, installSchema),
  installs: get('本组织的安装记录', solutionListQuery, z.array(installSchema)),
});
