/**
 * Course plans (课程, project trees — spec §2, §3 "Plan tree node"): a teacher's tree of chapters
 * and lessons, published to classes, unlocked node by node, studied by students.
 */
import { z } from 'zod';
import { num } from './number.ts';
import { idSchema, pageQuery } from './uc.ts';

import { COURSE_MSG } from './constants/courses.ts';

export { COURSE_MSG, COURSE_TREE_INDENT, ITEM_STATUS } from './constants/courses.ts';

const titleSchema = z.string({ error: COURSE_MSG.titleRequired }).trim().min(1, COURSE_MSG.titleRequired).max(50, COURSE_MSG.titleTooLong);

export const courseFileSchema = z.object({
  name: z.string().trim().min(1).max(255),
  /** An upload's link on this site (/api/files/…). */
  url: z.string().trim().max(500).regex(/^\/api\/files\/\S+$/, COURSE_MSG.fileInvalid),
  size: z.number().int().min(0).optional(),
});
export const courseFileOut = courseFileSchema.extend({ extra: z.object({ is_main_file: z.boolean() }) });

export const coursePlanSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  robot_id: z.number().nullable(),
  uid: z.number(),
  truename: z.string(),
  node_count: z.number(),
  class_count: z.number(),
  create_time: z.number(),
  update_time: z.number(),
});
export type CoursePlan = z.infer<typeof coursePlanSchema>;

/**
 * A node of the directory as the spec names it (id, title, level, pid, sort, item_status): the
 * answer lists them flat in display order (a parent before its children); the web nests them
 * into `children`.
 */
export const courseTreeNodeSchema = z.object({
  id: z.number(), title: z.string(), level: z.number(), pid: z.number(), sort: z.number(),
  /** 0 locked for the class (students see it greyed), 1 open. */
  item_status: z.number(),
  /** Teaching view: how many of the class opened it and marked it done. Study view: mine (0/1). */
  studied: z.number(),
  done: z.number(),
});
export type CourseTreeNode = z.infer<typeof courseTreeNodeSchema>;

export const courseNodeSchema = z.object({
  id: z.number(),
  plan_id: z.number(),
  pid: z.number(),
  title: z.string(),
  level: z.number(),
  sort: z.number(),
  content: z.string(),
  files: z.array(courseFileOut),
  questions: z.array(z.string()),
});
export type CourseNode = z.infer<typeof courseNodeSchema>;

export const planListQuery = pageQuery.extend({ keyword: z.string().trim().max(50).optional() });
export const planSaveBody = z.object({
  id: idSchema.optional(),
  title: titleSchema,
  description: z.string().trim().max(500).default(''),
  robot_id: idSchema.nullable().optional(),
});
export const planIdBody = z.object({ plan_id: idSchema });
export const planDetailSchema = z.object({ plan: coursePlanSchema, nodes: z.array(courseNodeSchema) });

export const nodeSaveBody = z.object({
  id: idSchema.optional(),
  plan_id: idSchema,
  /** 0: a chapter at the top. */
  pid: num(z.number().int().min(0).max(2 ** 31 - 1)).default(0),
  title: titleSchema,
  content: z.string().max(50_000).default(''),
  files: z.array(courseFileSchema.extend({ is_main_file: z.boolean().default(false) })).max(20).default([]),
  questions: z.array(z.string().trim().min(1).max(200)).max(20).default([]),
});
export const nodeIdBody = z.object({ node_id: idSchema });
/** The whole tree's order after a drag: each node with its parent, in display order. */
export const nodeMoveBody = z.object({
  plan_id: idSchema,
  items: z.array(z.object({ id: idSchema, pid: num(z.number().int().min(0).max(2 ** 31 - 1)) })).min(1).max(2000),
});

export const publishBody = z.object({ plan_id: idSchema, team_id: idSchema });
export const publicationSchema = z.object({
  plan_id: z.number(), team_id: z.number(), team_title: z.string(), robot_id: z.number(), robot_name: z.string(), create_time: z.number(),
});
export const myClassSchema = z.object({ team_id: z.number(), title: z.string(), robot_id: z.number(), robot_name: z.string(), published: z.boolean() });
export const publishTargetsSchema = z.array(myClassSchema);

export const unlockBody = z.object({
  plan_id: idSchema, team_id: idSchema, node_id: idSchema,
  item_status: num(z.number().int().min(0).max(1)),
});

/** The console's course tab: plans published to the classes the teacher leads on a robot. */
export const robotQuery = z.object({ robot_id: idSchema });
export const teachingListSchema = z.array(publicationSchema.extend({ title: z.string(), node_count: z.number(), unlocked_count: z.number(), student_count: z.number() }));

/** The teaching view of one plan for one class (the teacher's classes it is published to). */
export const teachDetailQuery = z.object({ plan_id: idSchema, team_id: idSchema.optional() });
export const studentStudySchema = z.object({ uid: z.number(), truename: z.string(), avatar: z.string(), done: z.boolean(), opened_time: z.number() });
export const teachDetailSchema = z.object({
  plan: coursePlanSchema,
  classes: z.array(publicationSchema),
  team_id: z.number().nullable(),
  student_count: z.number(),
  tree: z.array(courseTreeNodeSchema),
  nodes: z.array(courseNodeSchema),
  /** node id → the students of the class who studied it. */
  studies: z.record(z.string(), z.array(studentStudySchema)),
});

/** The student's side. */
export const studyListSchema = z.array(z.object({
  plan_id: z.number(), title: z.string(), description: z.string(), team_id: z.number(), robot_id: z.number(),
  node_count: z.number(), open_count: z.number(), done_count: z.number(), create_time: z.number(),
}));
export const studyDetailSchema = z.object({
  plan: z.object({ id: z.number(), title: z.string(), description: z.string() }),
  team_id: z.number(),
  robot_id: z.number(),
  tree: z.array(courseTreeNodeSchema),
});
export const studyNodeQuery = z.object({ plan_id: idSchema, node_id: idSchema });
export const studyNodeSchema = courseNodeSchema.extend({ item_status: z.number(), done: z.boolean(), robot_id: z.number() });

/** A student's course progress in the teacher's user-data tab. */
export const studentProgressQuery = z.object({ robot_id: idSchema, student_id: idSchema });
export const studentProgressSchema = z.array(z.object({
  plan_id: z.number(), title: z.string(), node_count: z.number(), unlocked_count: z.number(), opened_count: z.number(), done_count: z.number(),
  nodes: z.array(z.object({ id: z.number(), title: z.string(), done: z.boolean(), opened_time: z.number() })),
}));
