/** The training centre (训练中心, issue 20): practice scenarios built on a robot, attempts and scored debriefs. */
import { z } from 'zod';
import { num } from './number.ts';
import { idSchema } from './uc.ts';

export const TRAIN_LIMITS = { titleMax: 50, textMax: 2000, criteria: 10, pointsMax: 100, roundsMax: 20, replyMax: 2000, talkTurnsMax: 40 } as const;

export const TRAIN_MSG = {
  titleRequired: '请输入场景名称',
  roleRequired: '请填写机器人扮演的角色',
  goalRequired: '请填写学员的训练目标',
  rubricRequired: '请至少添加一项评分标准',
  rubricNameRequired: '请输入评分项名称',
  rubricDuplicate: '评分项名称不能重复',
  noModel: '训练需要 AI 模型：当前未配置 AI 模型，请联系管理员在“AI 模型”中添加后再来训练',
  notPublished: '该训练场景尚未发布',
  attemptFinished: '本次训练已结束，请重新开始',
  talkTooLong: '本次对话已达上限，请重新开始',
  modelFailed: 'AI 模型暂时无法回答，请稍后重试',
  debriefUnreadable: 'AI 模型返回的评分无法解析，请点击“重新评分”重试',
  debriefNotNeeded: '本次训练无需评分',
  editOnlyOwn: '只能修改自己创建的训练场景',
  setupDenied: '只有机器人的创建者或教师可以设置训练场景',
  published: '已发布',
  unpublished: '已取消发布',
} as const;

const noNul = (s: string) => !s.includes('\u0000');
const text = (max: number, required?: string) =>
  (required ? z.string({ error: required }).trim().min(1, required) : z.string().trim()).max(max).refine(noNul, '不能包含空字符');

export const trainCriterionSchema = z.object({
  name: z.string({ error: TRAIN_MSG.rubricNameRequired }).trim().min(1, TRAIN_MSG.rubricNameRequired).max(30).refine(noNul),
  points: num(z.number().positive().max(TRAIN_LIMITS.pointsMax)),
});
export type TrainCriterion = z.infer<typeof trainCriterionSchema>;

export const saveScenarioBody = z.object({
  id: idSchema.optional(),
  robot_id: idSchema,
  title: text(TRAIN_LIMITS.titleMax, TRAIN_MSG.titleRequired),
  role: text(TRAIN_LIMITS.textMax, TRAIN_MSG.roleRequired),
  goal: text(TRAIN_LIMITS.textMax, TRAIN_MSG.goalRequired),
  rubric: z.array(trainCriterionSchema, { error: TRAIN_MSG.rubricRequired }).min(1, TRAIN_MSG.rubricRequired).max(TRAIN_LIMITS.criteria)
    .refine((r) => new Set(r.map((c) => c.name)).size === r.length, TRAIN_MSG.rubricDuplicate),
  rounds: num(z.number().int().min(1).max(TRAIN_LIMITS.roundsMax)).default(3),
  opening: text(TRAIN_LIMITS.textMax).default(''),
});
export type SaveScenarioBody = z.infer<typeof saveScenarioBody>;

export const scenarioIdBody = z.object({ id: idSchema });
export const scenarioIdQuery = z.object({ id: idSchema });
export const publishScenarioBody = z.object({ id: idSchema, publish: num(z.number().int().min(0).max(1)).default(1) });
export const scenarioListQuery = z.object({ robot_id: idSchema.optional() });

export const scenarioSchema = z.object({
  id: z.number(),
  robot_id: z.number(),
  robot_name: z.string(),
  robot_avatar: z.string(),
  title: z.string(),
  role: z.string(),
  goal: z.string(),
  rubric: z.array(trainCriterionSchema),
  rounds: z.number(),
  opening: z.string(),
  status: z.enum(['draft', 'published']),
  creator_name: z.string(),
  /** The caller may change it (setup tab). */
  can_edit: z.boolean(),
  update_time: z.number(),
});
export type TrainScenario = z.output<typeof scenarioSchema>;
export const scenarioDetailSchema = scenarioSchema.extend({
  /** A chat model is configured for the robot: training can start. */
  model_ready: z.boolean(),
  /** The caller may see the results of students (a teacher, an admin). */
  can_view_results: z.boolean(),
});

export const ATTEMPT_MODES = ['train', 'talk'] as const;
export const startAttemptBody = z.object({ scenario_id: idSchema, mode: z.enum(ATTEMPT_MODES).default('train') });
export const attemptIdBody = z.object({ id: idSchema });
export const attemptIdQuery = z.object({ id: idSchema });
export const replyBody = z.object({ id: idSchema, content: text(TRAIN_LIMITS.replyMax, '请输入内容') });
export const myAttemptsQuery = z.object({ scenario_id: idSchema });

export const turnSchema = z.object({ role: z.enum(['learner', 'robot']), content: z.string(), time: z.number() });
export const criterionResultSchema = z.object({ name: z.string(), points: z.number(), score: z.number(), comment: z.string() });
export const debriefSchema = z.object({
  scores: z.array(criterionResultSchema),
  total: z.number(),
  max: z.number(),
  summary: z.string(),
});
export type TrainDebrief = z.output<typeof debriefSchema>;

/** active: rounds to go; unscored: all rounds done, the debrief failed (retry); done: scored (train) or closed. */
export const ATTEMPT_STATUSES = ['active', 'unscored', 'done'] as const;
export const attemptSchema = z.object({
  id: z.number(),
  scenario_id: z.number(),
  mode: z.enum(ATTEMPT_MODES),
  status: z.enum(ATTEMPT_STATUSES),
  /** Learner turns so far, and how many the scenario asks for (talk: no limit, 0). */
  round: z.number(),
  rounds: z.number(),
  turns: z.array(turnSchema),
  debrief: debriefSchema.nullable(),
  debrief_error: z.string(),
  user_name: z.string(),
  create_time: z.number(),
  update_time: z.number(),
});
export type TrainAttempt = z.output<typeof attemptSchema>;

export const attemptSummarySchema = attemptSchema.omit({ turns: true });
export const resultRowSchema = attemptSummarySchema.extend({ user_id: z.number(), team_title: z.string() });
