/** Calls of AI marking (AI 批阅, issue 17): the teacher's assignments and review, the student's submissions. See call.ts. */
import { z } from 'zod';
import { defineCall, defineCalls, get, post } from '../call.ts';
import {
  assignmentIdBody, assignmentIdQuery, assignmentListQuery, assignmentSchema, classOptionSchema, markBody, myAssignmentSchema,
  releaseAllResult, reviewSchema, robotAssignmentsQuery, saveAssignmentBody, submissionIdBody, submissionSchema, submitBody,
} from '../marking.ts';
import { noData } from '../uc.ts';

export const Marking = defineCalls('/api/ai/Marking', {
  classes: get('教师可布置作业的班级（自己带的班级）', assignmentListQuery, z.array(classOptionSchema)),
  assignments: get('教师的作业列表（含提交、待审核、已发布人数）', assignmentListQuery, z.array(assignmentSchema)),
  save: post('布置 / 修改作业（标题、要求、评分标准、截止时间）', saveAssignmentBody, assignmentSchema),
  delete: post('删除作业（连同提交）', assignmentIdBody, noData),
  review: get('批阅：作业与班级每位学生的提交', assignmentIdQuery, reviewSchema),
  draft: post('AI 批阅（重新 AI 批阅）一份提交', submissionIdBody, submissionSchema),
  mark: post('教师评分、评语，可同时发布', markBody, submissionSchema),
  releaseAll: post('发布全部 AI 已批阅的提交', assignmentIdBody, releaseAllResult),
  export: defineCall({
    method: 'GET', path: '/api/ai/Marking/export', summary: '导出班级成绩（xlsx）',
    query: assignmentIdQuery,
    produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    response: z.string().meta({ description: '班级每位学生一行：姓名、各评分项、总分、评语、状态、提交时间' }),
  }),
  mine: get('学生在某机器人上的作业与自己的提交（仅显示已发布的成绩）', robotAssignmentsQuery, z.array(myAssignmentSchema)),
  submit: post('学生提交作业（文字、图片、文件）', submitBody, myAssignmentSchema.shape.submission.unwrap()),
  creatorView: get('创作者查看机器人及其副本上的作业与批阅进度（只读）', robotAssignmentsQuery, z.array(assignmentSchema)),
});
