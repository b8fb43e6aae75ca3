/** AI marking (AI 批阅, issue 17): assignments a teacher sets for a class and the students' submissions. */
import { z } from 'zod';
import { num } from './number.ts';
import { idSchema } from './uc.ts';

/** The marking screens' own messages (kept here, beside their schemas). */
export const MARK_MSG = {
  noModel: '未配置 AI 模型，无法进行 AI 批阅，请老师手动评分',
  modelFailed: 'AI 批阅失败，请稍后重新 AI 批阅',
  modelTimeout: 'AI 批阅超时，请稍后重新 AI 批阅',
  modelUnreadable: 'AI 返回的批阅结果无法识别，请重新 AI 批阅或手动评分',
  assignmentNotFound: '作业不存在',
  submissionNotFound: '提交不存在',
  notYourClass: '只能管理自己班级的作业',
  notInClass: '你不在该作业的班级中',
  titleRequired: '请输入作业标题',
  rubricRequired: '请至少设置一项评分标准',
  rubricNameRequired: '请输入评分项名称',
  rubricDuplicate: '评分项名称不能重复',
  dueRequired: '请选择截止时间',
  emptySubmission: '请填写作业内容或上传文件',
  alreadyReleased: '批阅结果已发布，不能再修改提交',
  assignmentClosed: '作业已关闭，不再接收提交',
  scoresRequired: '请先为每个评分项打分',
  drafting: 'AI 正在批阅，请稍候',
  released: '已发布',
  releasedAll: '已全部发布',
  submitted: '提交成功',
} as const;

/** The states of a submission and their Chinese labels (failed still waits for marking). */
export const SUBMISSION_STATUSES = ['submitted', 'drafting', 'drafted', 'failed', 'released'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];
export const SUBMISSION_STATUS_LABEL: Record<SubmissionStatus | 'missing', string> = {
  missing: '未提交',
  submitted: '待批阅',
  drafting: 'AI 批阅中',
  failed: '待批阅',
  drafted: 'AI 已批阅',
  released: '已发布',
};

export const MARKING_LIMITS = { criteria: 10, pointsMax: 1000, textMax: 20_000, files: 5, titleMax: 50, instructionsMax: 5000 } as const;

const noNul = (s: string) => !s.includes('\u0000');
const str = (max: number) => z.string().trim().max(max).refine(noNul, '不能包含空字符');

export const rubricCriterionSchema = z.object({
  name: z.string({ error: MARK_MSG.rubricNameRequired }).trim().min(1, MARK_MSG.rubricNameRequired).max(30).refine(noNul),
  points: num(z.number().positive().max(MARKING_LIMITS.pointsMax)),
  description: str(500).default(''),
});
export type RubricCriterion = z.infer<typeof rubricCriterionSchema>;

export const criterionScoreSchema = z.object({ name: z.string().max(30), score: z.number() });

export const saveAssignmentBody = z.object({
  id: idSchema.optional(),
  team_id: idSchema,
  title: z.string({ error: MARK_MSG.titleRequired }).trim().min(1, MARK_MSG.titleRequired).max(MARKING_LIMITS.titleMax).refine(noNul),
  instructions: str(MARKING_LIMITS.instructionsMax).default(''),
  rubric: z.array(rubricCriterionSchema, { error: MARK_MSG.rubricRequired }).min(1, MARK_MSG.rubricRequired).max(MARKING_LIMITS.criteria)
    .refine((r) => new Set(r.map((c) => c.name)).size === r.length, MARK_MSG.rubricDuplicate),
  /** Unix seconds. */
  due_at: num(z.number({ error: MARK_MSG.dueRequired }).int().positive()),
});
export type SaveAssignmentBody = z.infer<typeof saveAssignmentBody>;

export const assignmentIdBody = z.object({ id: idSchema });
export const assignmentIdQuery = z.object({ assignment_id: idSchema });
export const assignmentListQuery = z.object({ robot_id: idSchema.optional() });
export const robotAssignmentsQuery = z.object({ robot_id: idSchema });
export const submissionIdBody = z.object({ id: idSchema });

export const submitFileSchema = z.object({ url: z.string().trim().min(1).max(2000), name: z.string().trim().min(1).max(255) });
export const submitBody = z.object({
  assignment_id: idSchema,
  text: str(MARKING_LIMITS.textMax).default(''),
  files: z.array(submitFileSchema).max(MARKING_LIMITS.files).default([]),
});
export type SubmitBody = z.infer<typeof submitBody>;

export const markBody = z.object({
  id: idSchema,
  scores: z.array(z.object({ name: z.string().trim().min(1).max(30), score: num(z.number().min(0).max(MARKING_LIMITS.pointsMax)) })).max(MARKING_LIMITS.criteria),
  comment: str(5000).default(''),
  /** 1: release now (the student sees it); 0: keep as the teacher's draft. */
  release: num(z.number().int().min(0).max(1)).default(0),
});
export type MarkBody = z.infer<typeof markBody>;

export const classOptionSchema = z.object({ team_id: z.number(), title: z.string(), robot_id: z.number(), robot_name: z.string(), students: z.number() });

export const assignmentSchema = z.object({
  id: z.number(),
  robot_id: z.number(),
  robot_name: z.string(),
  team_id: z.number(),
  team_title: z.string(),
  teacher_id: z.number(),
  title: z.string(),
  instructions: z.string(),
  rubric: z.array(z.object({ name: z.string(), points: z.number(), description: z.string() })),
  total_points: z.number(),
  due_at: z.number(),
  status: z.string(),
  create_time: z.number(),
  counts: z.object({ students: z.number(), submitted: z.number(), waiting: z.number(), drafted: z.number(), released: z.number() }),
});
export type AssignmentItem = z.infer<typeof assignmentSchema>;

export const submittedFileSchema = z.object({
  name: z.string(), url: z.string(), type: z.string(), size: z.number(), kind: z.enum(['image', 'document']),
  text: z.string().optional(), note: z.string().optional(),
});

export const submissionSchema = z.object({
  id: z.number(),
  status: z.enum(SUBMISSION_STATUSES),
  text: z.string(),
  files: z.array(submittedFileSchema),
  late: z.boolean(),
  draft_error: z.string(),
  ai_scores: z.array(criterionScoreSchema).nullable(),
  ai_comment: z.string(),
  scores: z.array(criterionScoreSchema).nullable(),
  comment: z.string().nullable(),
  submit_time: z.number(),
  release_time: z.number().nullable(),
});
export type SubmissionItem = z.infer<typeof submissionSchema>;

/** A student of the class and their submission (null: not handed in). */
export const rosterRowSchema = z.object({
  uid: z.number(),
  truename: z.string(),
  submission: submissionSchema.nullable(),
});
export const reviewSchema = z.object({ assignment: assignmentSchema, students: z.array(rosterRowSchema) });
export type ReviewData = z.infer<typeof reviewSchema>;

/** What a student sees of their own work: the mark only once released. */
export const myAssignmentSchema = z.object({
  id: z.number(),
  title: z.string(),
  instructions: z.string(),
  rubric: z.array(z.object({ name: z.string(), points: z.number(), description: z.string() })),
  total_points: z.number(),
  due_at: z.number(),
  team_title: z.string(),
  status: z.string(),
  submission: z.object({
    id: z.number(),
    status: z.enum(SUBMISSION_STATUSES),
    text: z.string(),
    files: z.array(submittedFileSchema.omit({ text: true, note: true })),
    late: z.boolean(),
    submit_time: z.number(),
    result: z.object({ scores: z.array(criterionScoreSchema), total: z.number(), comment: z.string(), release_time: z.number() }).nullable(),
  }).nullable(),
});
export type MyAssignmentItem = z.infer<typeof myAssignmentSchema>;

export const releaseAllResult = z.object({ released: z.number() });
