/** The resource centre, publishing and solutions (issue 20). docs/decisions.md "Resource centre and solutions (issue 20)". */
import { z } from 'zod';
import { idSchema, pageQuery } from './uc.ts';
import { num } from './number.ts';
import { AUDIT } from './constants/robots.ts';

export const PUBLISH_KINDS = ['course', 'knowledge', 'intent'] as const;
export type PublishKind = (typeof PUBLISH_KINDS)[number];
export const RESOURCE_KINDS = ['robot', ...PUBLISH_KINDS] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];
export const PUBLISH_SCOPES = ['platform', 'org'] as const;
export type PublishScope = (typeof PUBLISH_SCOPES)[number];

export const RESOURCE_KIND_LABEL: Record<ResourceKind, string> = { robot: '机器人', course: '课程', knowledge: '知识库', intent: '意图库' };
export const PUBLISH_SCOPE_LABEL: Record<PublishScope, string> = { platform: '资源中心（全平台）', org: '本组织' };
export const SUBJECTS = ['语文', '数学', '英语', '物理', '化学', '生物', '历史', '地理', '政治', '信息技术', '综合', '校园服务'] as const;
export const LICENCES = ['CC BY 4.0（署名）', 'CC BY-NC 4.0（署名-非商业性使用）', '仅限本校教学使用'] as const;

export const RES_MSG = {
  publicationNotFound: '发布内容不存在',
  published: '已提交发布，等待组织管理员审核',
  rejectReasonRequired: '请填写驳回原因',
  copied: '已复制到我的工作台',
  solutionNotFound: '解决方案不存在',
  solutionNameRequired: '请输入解决方案名称',
  solutionEmpty: '请至少选择一个机器人、知识库、意图库或课程',
  installNotFound: '安装记录不存在',
  installStarted: '开始安装',
  installInterrupted: '安装被中断，请重新安装',
} as const;

const keyword = z.string().trim().max(50).optional();

// ── Publishing and review ────────────────────────────────────────────────────────────────

export const publishBody = z.object({
  kind: z.enum(PUBLISH_KINDS),
  content_id: idSchema,
  scope: z.enum(PUBLISH_SCOPES).default('platform'),
  subject: z.enum(SUBJECTS).or(z.literal('')).default(''),
  licence: z.enum(LICENCES).default(LICENCES[0]),
  info: z.string().trim().max(200).default(''),
});
export type PublishBody = z.infer<typeof publishBody>;

export const publicationSchema = z.object({
  id: z.number(),
  kind: z.enum(PUBLISH_KINDS),
  content_id: z.number(),
  title: z.string(),
  info: z.string(),
  subject: z.string(),
  licence: z.string(),
  scope: z.enum(PUBLISH_SCOPES),
  /** 2 pending, 3 approved, -2 rejected (AUDIT). */
  status: z.number(),
  reason: z.string(),
  view_num: z.number(),
  copy_num: z.number(),
  group_name: z.string(),
  publisher: z.object({ id: z.number(), truename: z.string() }),
  create_time: z.number(),
  review_time: z.number(),
});
export type Publication = z.infer<typeof publicationSchema>;

/** A few lines that show what is inside: a course's chapters and lessons, a base's documents, a library's intents. */
export const previewLineSchema = z.object({ title: z.string(), level: z.number(), text: z.string() });
export const publicationDetailSchema = publicationSchema.extend({
  preview: z.array(previewLineSchema),
  /** The caller published it / may review it / may copy it into their workspace. */
  is_mine: z.boolean(),
  can_review: z.boolean(),
  can_copy: z.boolean(),
});
export type PublicationDetail = z.infer<typeof publicationDetailSchema>;

export const publicationListQuery = pageQuery.extend({
  status: num(z.number().int()).refine((s) => s === AUDIT.PENDING || s === AUDIT.APPROVED || s === AUDIT.REJECTED).optional(),
  kind: z.enum(PUBLISH_KINDS).optional(),
});
export const publicationIdQuery = z.object({ id: idSchema });
export const reviewBody = z.object({
  id: idSchema,
  status: z.union([z.literal(AUDIT.APPROVED), z.literal(AUDIT.REJECTED)]),
  reason: z.string().trim().max(200).default(''),
});

// ── The resource centre ──────────────────────────────────────────────────────────────────

export const resourceListQuery = pageQuery.extend({
  keyword,
  kind: z.enum(RESOURCE_KINDS).optional(),
  subject: z.string().trim().max(20).optional(),
});
export const resourceItemSchema = z.object({
  kind: z.enum(RESOURCE_KINDS),
  /** A robot's id for a robot, else the publication's id (/published-content-detail/{id}). */
  id: z.number(),
  title: z.string(),
  info: z.string(),
  subject: z.string(),
  licence: z.string(),
  scope: z.enum(PUBLISH_SCOPES),
  cover: z.string(),
  author: z.string(),
  group_name: z.string(),
  view_num: z.number(),
  copy_num: z.number(),
  create_time: z.number(),
});
export type ResourceItem = z.infer<typeof resourceItemSchema>;

export const copyBody = z.object({ kind: z.enum(RESOURCE_KINDS), id: idSchema });
export const copyResultSchema = z.object({ kind: z.enum(RESOURCE_KINDS), id: z.number(), name: z.string() });
export type CopyResult = z.infer<typeof copyResultSchema>;

// ── Solutions ────────────────────────────────────────────────────────────────────────────

const ids = z.array(idSchema).max(20).default([]);
export const solutionSaveBody = z.object({
  id: idSchema.optional(),
  name: z.string({ error: RES_MSG.solutionNameRequired }).trim().min(1, RES_MSG.solutionNameRequired).max(30, '解决方案名称在30个字以内'),
  info: z.string().trim().max(500).default(''),
  robot_ids: ids,
  knowledge_ids: ids,
  intent_ids: ids,
  course_ids: ids,
  /** Also take each chosen robot's bound knowledge bases and intent libraries. */
  with_bound: z.boolean().default(true),
});
const partSchema = z.object({ id: z.number(), name: z.string() });
export const solutionSchema = z.object({
  id: z.number(),
  name: z.string(),
  info: z.string(),
  robots: z.array(partSchema),
  knowledge: z.array(partSchema),
  intents: z.array(partSchema),
  courses: z.array(partSchema),
  install_num: z.number(),
  creator: z.object({ id: z.number(), truename: z.string() }),
  create_time: z.number(),
  update_time: z.number(),
});
export type Solution = z.infer<typeof solutionSchema>;
export const solutionListQuery = pageQuery.extend({ keyword });
export const solutionIdBody = z.object({ id: idSchema });

const pairs = z.array(z.object({ source: z.number(), copy: z.number() }));
export const installSchema = z.object({
  id: z.number(),
  solution_id: z.number().nullable(),
  name: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  done: z.number(),
  total: z.number(),
  error: z.string(),
  result: z.object({ robots: pairs, knowledgeBases: pairs, intentLibraries: pairs, coursePlans: pairs }).nullable(),
  create_time: z.number(),
});
export type SolutionInstall = z.infer<typeof installSchema>;
export const installIdQuery = z.object({ id: idSchema });
