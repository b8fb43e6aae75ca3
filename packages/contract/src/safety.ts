/** Schemas of the safety calls (issue 28): alerts raised by sensitive content, the flags pages. */
import { z } from 'zod';
import { MSG } from './messages.ts';
import { SENSITIVE_CATEGORIES, SENSITIVE_SEVERITIES } from './sensitive.ts';
import { idSchema, pageQuery } from './uc.ts';

export const SAFETY_LIMITS = { noteMax: 200 } as const;
export const ALERT_STATUSES = ['open', 'handled'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];
export const ALERT_STATUS_LABEL: Record<AlertStatus, string> = { open: '待处理', handled: '已处理' };
export const ALERT_SOURCE_LABEL = { question: '学生提问', answer: 'AI 回答' } as const;

/** teacher: the students of the classes the caller leads; group: the whole organisation (its admins). */
export const flagScopeSchema = z.enum(['teacher', 'group']).default('teacher');

export const alertListQuery = pageQuery.extend({
  scope: flagScopeSchema,
  team_id: idSchema.optional(),
  student_id: idSchema.optional(),
  category: z.enum(SENSITIVE_CATEGORIES, { error: MSG.validationFailed }).optional(),
  status: z.enum(ALERT_STATUSES, { error: MSG.validationFailed }).optional(),
});

export const alertItemSchema = z.object({
  id: z.number(),
  robot_id: z.number(),
  robot_name: z.string(),
  session_id: z.number().nullable(),
  /** The exchange to open: the answer's own, or for a refused question the session's last one before it. */
  record_id: z.number().nullable(),
  student_id: z.number(),
  student_name: z.string(),
  team_id: z.number().nullable(),
  team_title: z.string(),
  source: z.enum(['question', 'answer']),
  word: z.string(),
  matched: z.string(),
  excerpt: z.string(),
  category: z.string(),
  severity: z.enum(SENSITIVE_SEVERITIES),
  origin: z.enum(['list', 'model']),
  status: z.enum(ALERT_STATUSES),
  note: z.string(),
  handler_name: z.string(),
  handled_time: z.number(),
  create_time: z.number(),
});
export type AlertItem = z.output<typeof alertItemSchema>;

export const alertFiltersQuery = z.object({ scope: flagScopeSchema });
export const alertFiltersSchema = z.object({
  teams: z.array(z.object({ id: z.number(), title: z.string(), robot_name: z.string() })),
  students: z.array(z.object({ id: z.number(), name: z.string() })),
});

export const alertHandleBody = z.object({
  id: idSchema,
  note: z.string().trim().max(SAFETY_LIMITS.noteMax, MSG.safetyNoteTooLong).default(''),
});

export const optInSchema = z.object({ enabled: z.boolean() });
export const optInBody = z.object({ enabled: z.boolean({ error: MSG.validationFailed }) });
