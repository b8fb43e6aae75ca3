/** AI marking (AI 批阅, issue 17): assignments a teacher sets for a class and the students' submissions. */
import { z } from 'zod';
import { num } from './number.ts';
import { idSchema } from './uc.ts';

export { MARK_MSG, MARKING_LIMITS, SUBMISSION_STATUSES, SUBMISSION_STATUS_LABEL, type SubmissionStatus } from './constants/marking.ts';
import { MARK_MSG, MARKING_LIMITS, SUBMISSION_STATUSES } from './constants/marking.ts';

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
  due_at: num(z.number({ error: MARK_MSG.dueRequired }).int().positive().max(2 ** 31 - 1)),
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
