/** Calls of course plans (课程, project trees): the library and editor, publishing, teaching and study. See call.ts. */
import { z } from 'zod';
import { defineCalls, get, post } from '../call.ts';
import {
  courseNodeSchema, coursePlanSchema, nodeIdBody, nodeMoveBody, nodeSaveBody, planDetailSchema, planIdBody, planListQuery,
  planSaveBody, publicationSchema, publishBody, publishTargetsSchema, robotQuery, studentProgressQuery, studentProgressSchema,
  studyDetailSchema, studyListSchema, studyNodeQuery, studyNodeSchema, teachDetailQuery, teachDetailSchema, teachingListSchema,
  unlockBody,
} from '../courses.ts';
import { noData, pageOf } from '../uc.ts';

/** The course library: plans a teacher manages (an org admin: all of the organisation's) and their trees. */
export const CoursePlan = defineCalls('/api/ai/coursePlan', {
  lists: get('课程库：我管理的课程', planListQuery, pageOf(coursePlanSchema)),
  detail: get('课程详情（目录与课时内容）', planIdBody, planDetailSchema),
  save: post('创建或修改课程', planSaveBody, coursePlanSchema),
  delete: post('删除课程', planIdBody, noData),
  classes: get('可发布的班级（我带的班级，及是否已发布）', planIdBody, publishTargetsSchema),
  publish: post('发布课程到班级（各课时默认锁定）', publishBody, publicationSchema),
  unpublish: post('取消发布', publishBody, noData),
});

export const CourseNode = defineCalls('/api/ai/courseNode', {
  save: post('创建或修改章节/课时（文本、文件、机器人问题集）', nodeSaveBody, courseNodeSchema),
  delete: post('删除章节/课时（含下级）', nodeIdBody, noData),
  move: post('目录排序（拖动后整棵树的顺序与层级）', nodeMoveBody, z.array(courseNodeSchema)),
});

/** The teacher's side: the console's course tab, the teaching view, unlocks, a student's progress. */
export const CourseTeach = defineCalls('/api/ai/courseTeach', {
  lists: get('机器人下我带的班级已发布的课程', robotQuery, teachingListSchema),
  detail: get('教学视图：班级的解锁状态与每个课时的学习情况', teachDetailQuery, teachDetailSchema),
  unlock: post('解锁或锁定班级的课时', unlockBody, noData),
  studentProgress: get('学生的课程进度', studentProgressQuery, studentProgressSchema),
});

/** The student's side: the class's plans, the study view, a lesson's content, marking it done. */
export const CourseStudy = defineCalls('/api/ai/courseStudy', {
  lists: get('我的班级的课程', robotQuery, studyListSchema),
  detail: get('学习视图：课程目录（锁定的课时为灰色）', planIdBody, studyDetailSchema),
  node: get('课时内容（锁定时拒绝）', studyNodeQuery, studyNodeSchema),
  done: post('标记课时已学完', studyNodeQuery, noData),
});
