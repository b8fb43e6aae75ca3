/**
 * The teacher console's conversation views (follow, data, user-data, setting), corrections and the
 * student's own study data (issue 17). The chat module serves them; see calls/teaching-console.ts.
 */
import { z } from 'zod';
import { REPLY_STATUSES } from './constants/chat.ts';
import { num } from './number.ts';
import { idSchema, pageQuery } from './uc.ts';

import { CORRECTION_MAX, INSTRUCTIONS_MAX, TUTORING_MODES } from './constants/teaching-console.ts';

export * from './constants/teaching-console.ts';

export const robotQuery = z.object({ robot_id: idSchema });
export const followQuery = pageQuery.extend({
  robot_id: idSchema,
  team_id: idSchema.optional(),
  uid: idSchema.optional(),
  keyword: z.string().trim().max(50).optional(),
});
export const viewContextQuery = z.object({ id: idSchema });
export const correctBody = z.object({
  records_id: idSchema,
  content: z.string().trim().min(1, '请填写订正内容').max(CORRECTION_MAX, `订正内容不能超过 ${CORRECTION_MAX} 字`),
});
export const userDataQuery = z.object({ robot_id: idSchema, uid: idSchema });
export const dataQuery = z.object({ robot_id: idSchema, days: num(z.number().int().min(1).max(90)).default(14) });
export const settingBody = z.object({
  robot_id: idSchema,
  instructions: z.string().trim().max(INSTRUCTIONS_MAX, `补充说明不能超过 ${INSTRUCTIONS_MAX} 字`).default(''),
  tutoring_mode: z.enum(TUTORING_MODES),
});

export const correctionSchema = z.object({
  id: z.number(),
  record_id: z.number(),
  content: z.string(),
  teacher: z.string(),
  create_time: z.number(),
});
export type Correction = z.output<typeof correctionSchema>;

const personSchema = z.object({ uid: z.number(), truename: z.string() });

/** One exchange in a teacher's view. */
export const followItemSchema = z.object({
  id: z.number(),
  category_id: z.number(),
  question: z.string(),
  answer: z.string(),
  status: z.enum(REPLY_STATUSES),
  notice: z.string(),
  create_time: z.number(),
  user: personSchema,
  team_id: z.number(),
  team_title: z.string(),
  correction: correctionSchema.nullable(),
});
export type FollowItem = z.output<typeof followItemSchema>;

export const viewContextSchema = z.object({
  record_id: z.number(),
  session: z.object({ id: z.number(), name: z.string() }),
  user: personSchema,
  team_title: z.string(),
  records: z.array(followItemSchema),
});
export type ViewContext = z.output<typeof viewContextSchema>;

export const classItemSchema = z.object({ id: z.number(), title: z.string(), students: z.array(personSchema) });
export type ClassItem = z.output<typeof classItemSchema>;

const perDaySchema = z.array(z.object({ date: z.string(), questions: z.number() }));

export const weakAnswerSchema = followItemSchema.extend({ reason: z.string() });
export const consoleDataSchema = z.object({
  days: z.number(),
  students_total: z.number(),
  active_students: z.number(),
  questions_total: z.number(),
  per_day: perDaySchema,
  top_questions: z.array(z.object({ question: z.string(), count: z.number() })),
  weak_answers: z.array(weakAnswerSchema),
});
export type ConsoleData = z.output<typeof consoleDataSchema>;

export const userDataSchema = z.object({
  user: personSchema,
  team_title: z.string(),
  questions_total: z.number(),
  days_active: z.number(),
  last_active: z.number(),
  per_day: perDaySchema,
  topics: z.array(z.object({ term: z.string(), count: z.number() })),
  recent: z.array(followItemSchema),
});
export type UserData = z.output<typeof userDataSchema>;

export const teacherSettingSchema = z.object({ instructions: z.string(), tutoring_mode: z.enum(TUTORING_MODES) });
export type TeacherSetting = z.output<typeof teacherSettingSchema>;

export const myStudySchema = z.object({
  in_class: z.boolean(),
  team_title: z.string(),
  questions_total: z.number(),
  days_active: z.number(),
  last_active: z.number(),
  recent: z.array(z.object({ id: z.number(), question: z.string(), create_time: z.number() })),
  corrections: z.array(correctionSchema.extend({ question: z.string(), answer: z.string() })),
});
export type MyStudy = z.output<typeof myStudySchema>;
export const inClassSchema = z.object({ in_class: z.boolean() });
