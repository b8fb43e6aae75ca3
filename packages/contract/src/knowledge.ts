/** Schemas of the knowledge-base (知识库) and robot-binding calls, shared by server and web. */
import { z } from 'zod';
import { flag, num } from './number.ts';
import { MSG } from './messages.ts';
import { idSchema, pageQuery } from './uc.ts';

export const KNOWLEDGE_LIMITS = {
  nameMax: 30,
  infoMax: 200,
  /** Files per training request. */
  filesMax: 20,
  qaMax: 1_000,
  qaFieldMax: 5_000,
  chunkMax: 10_000,
  queryMax: 500,
  hitTestLimit: 10,
} as const;

/** Extensions a knowledge base reads (spec §5 file reading; presentations for schools' courseware; .doc/.ppt/.xls through LibreOffice when installed). */
export const KNOWLEDGE_FILE_EXTENSIONS = ['pdf', 'docx', 'doc', 'pptx', 'ppt', 'xlsx', 'xls', 'csv', 'txt', 'md', 'html'] as const;
export const QA_FILE_EXTENSIONS = ['csv', 'xlsx'] as const;

export const DOCUMENT_STATUS_LABEL = { queued: '排队中', training: '训练中', ready: '已就绪', failed: '训练失败' } as const;
export type DocumentStatus = keyof typeof DOCUMENT_STATUS_LABEL;
export const DOCUMENT_TYPE_LABEL = { file: '文件', url: '网页', qa: '问答对' } as const;
export type DocumentType = keyof typeof DOCUMENT_TYPE_LABEL;

const noNul = (s: string) => !s.includes('\u0000');
const text = (max: number, required?: string) => {
  const base = z.string({ error: required ?? MSG.validationFailed }).trim();
  return (required ? base.min(1, required) : base).max(max).refine(noNul, MSG.validationFailed);
};

const creatorSchema = z.object({ id: z.number(), truename: z.string() });
const groupRefSchema = z.object({ id: z.number(), name: z.string() });
const documentStatusSchema = z.enum(['queued', 'training', 'ready', 'failed']);
const documentTypeSchema = z.enum(['file', 'url', 'qa']);

export const knowledgeBaseSchema = z.object({
  id: z.number(),
  name: z.string(),
  info: z.string(),
  doc_count: z.number(),
  chunk_count: z.number(),
  /** Documents still queued or training. */
  training_count: z.number().meta({ description: 'Documents still queued or training' }),
  creator: creatorSchema,
  /** Robots of the organisation bound to it. */
  robot_count: z.number(),
  create_time: z.number(),
  update_time: z.number(),
  /** In the super admin's lists: whose it is. */
  group: groupRefSchema.optional(),
});
export type KnowledgeBaseItem = z.output<typeof knowledgeBaseSchema>;

export const knowledgeDocumentSchema = z.object({
  id: z.number(),
  repository_id: z.number(),
  type: documentTypeSchema,
  name: z.string(),
  url: z.string(),
  /** The uploaded file of a file or qa document (`/api/files/<key>`), for its preview; '' otherwise. */
  file_url: z.string().default(''),
  status: documentStatusSchema,
  progress: z.number(),
  /** Why it failed, in words a user can act on. */
  error: z.string(),
  chunk_count: z.number(),
  char_count: z.number(),
  attempts: z.number(),
  create_time: z.number(),
  update_time: z.number(),
});
export type KnowledgeDocumentItem = z.output<typeof knowledgeDocumentSchema>;

/** A document in the super admin's 知识管理 list. */
export const adminDocumentSchema = knowledgeDocumentSchema.extend({ repository_name: z.string(), group: groupRefSchema });
export type AdminDocumentItem = z.output<typeof adminDocumentSchema>;
export const adminDocumentsQuery = pageQuery.extend({
  status: documentStatusSchema.optional(),
  keyword: z.string().trim().max(100).refine((s) => !s.includes('\u0000'), MSG.validationFailed).optional(),
});

export const knowledgeChunkSchema = z.object({
  id: z.number(),
  document_id: z.number(),
  seq: z.number(),
  heading: z.string(),
  question: z.string(),
  content: z.string(),
  edited: z.boolean(),
});
export type KnowledgeChunkItem = z.output<typeof knowledgeChunkSchema>;

export const hitTestItemSchema = z.object({
  chunk_id: z.number(),
  document_id: z.number(),
  document_name: z.string(),
  repository_id: z.number(),
  heading: z.string(),
  question: z.string(),
  content: z.string(),
  score: z.number(),
});
export type HitTestItem = z.output<typeof hitTestItemSchema>;

/**
 * hitTest with rewrite=1: the question as typed, as the 问题改写 model restated it (the question
 * itself when the model gave nothing), and the hits of the restated question.
 */
export const hitTestRewrittenSchema = z.object({
  query: z.string(),
  rewritten: z.string(),
  hits: z.array(hitTestItemSchema),
});
export type HitTestRewritten = z.output<typeof hitTestRewrittenSchema>;
/** hitTest's answer: the list of hits, as it always was; the restated question beside them when rewrite=1 was asked. */
export const hitTestResponseSchema = z.union([z.array(hitTestItemSchema), hitTestRewrittenSchema]);

/**
 * knowledge/retrievalStatus: keyword or hybrid, and why. rerank_model: when set, the final order is the rerank model's.
 * rewrite_model: the 问题改写 model the chat restates questions with ('' for none); the hit test offers it.
 */
export const retrievalStatusSchema = z.object({
  mode: z.enum(['hybrid', 'keyword']),
  vector: z.boolean(),
  embedding_model: z.string(),
  rerank_model: z.string(),
  rewrite_model: z.string(),
  note: z.string(),
});
export type RetrievalStatus = z.output<typeof retrievalStatusSchema>;

/** knowledge/trainingtasks: counts by status, and the documents not yet finished (at most 50). */
export const trainingTasksSchema = z.object({
  queued: z.number(),
  training: z.number(),
  ready: z.number(),
  failed: z.number(),
  /** Chunks written per second over the last half minute (documents that became ready then): training's pace. */
  chunks_per_second: z.number(),
  items: z.array(knowledgeDocumentSchema),
});
export type TrainingTasks = z.output<typeof trainingTasksSchema>;

/** knowledge/parseWebUrl: the page's title and the start of its text. */
export const webPagePreviewSchema = z.object({ title: z.string(), text: z.string() });
export type WebPagePreview = z.output<typeof webPagePreviewSchema>;

export const kbListQuery = pageQuery.extend({ keyword: text(KNOWLEDGE_LIMITS.nameMax).optional() });
export const kbIdQuery = z.object({ id: idSchema });
export const kbSaveBody = z.object({
  id: idSchema.optional(),
  name: z.string({ error: MSG.kbNameRequired }).trim().min(1, MSG.kbNameRequired).max(KNOWLEDGE_LIMITS.nameMax, MSG.kbNameTooLong).refine(noNul, MSG.validationFailed),
  info: text(KNOWLEDGE_LIMITS.infoMax).default(''),
});
export const kbIdBody = z.object({ id: idSchema });

export const qaPair = z.object({
  question: z.string({ error: MSG.kbQaIncomplete }).trim().min(1, MSG.kbQaIncomplete).max(KNOWLEDGE_LIMITS.qaFieldMax).refine(noNul, MSG.validationFailed),
  answer: z.string({ error: MSG.kbQaIncomplete }).trim().min(1, MSG.kbQaIncomplete).max(KNOWLEDGE_LIMITS.qaFieldMax).refine(noNul, MSG.validationFailed),
});

/**
 * knowledge/training: add documents to a knowledge base, each trained by a queued job.
 * file: uploaded files (upload scene `knowledge`); url: a web page; qa: typed pairs, or a csv/xlsx of pairs.
 */
export const trainingBody = z.discriminatedUnion('type', [
  z.object({ type: z.literal('file'), repository_id: idSchema, file_ids: z.array(idSchema, { error: MSG.kbFileRequired }).min(1, MSG.kbFileRequired).max(KNOWLEDGE_LIMITS.filesMax) }),
  z.object({
    type: z.literal('url'),
    repository_id: idSchema,
    url: z.string({ error: MSG.kbUrlRequired }).trim().min(1, MSG.kbUrlRequired).max(2000).regex(/^https?:\/\/\S+$/i, MSG.kbUrlInvalid),
  }),
  z.object({
    type: z.literal('qa'),
    repository_id: idSchema,
    name: text(100).optional(),
    qa: z.array(qaPair).max(KNOWLEDGE_LIMITS.qaMax).optional(),
    file_id: idSchema.optional(),
  }).refine((b) => (b.qa?.length ?? 0) > 0 || b.file_id, { message: MSG.kbQaRequired, path: ['qa'] }),
], { error: MSG.validationFailed });
export type TrainingBody = z.infer<typeof trainingBody>;

export const trainListQuery = pageQuery.extend({
  repository_id: idSchema,
  status: documentStatusSchema.optional(),
  keyword: text(100).optional(),
});
export const docIdsBody = z.object({ ids: z.array(idSchema).min(1).max(200) });
export const docIdBody = z.object({ id: idSchema });
export const chunkListQuery = pageQuery.extend({ document_id: idSchema });
export const editChunkBody = z.object({
  id: idSchema,
  content: z.string({ error: MSG.kbChunkRequired }).trim().min(1, MSG.kbChunkRequired).max(KNOWLEDGE_LIMITS.chunkMax).refine(noNul, MSG.validationFailed),
  question: text(KNOWLEDGE_LIMITS.qaFieldMax).optional(),
});
export const trainingTasksQuery = z.object({ repository_id: idSchema });
export const parseUrlBody = z.object({
  url: z.string({ error: MSG.kbUrlRequired }).trim().min(1, MSG.kbUrlRequired).max(2000).regex(/^https?:\/\/\S+$/i, MSG.kbUrlInvalid),
});
export const hitTestQuery = z.object({
  repository_id: idSchema,
  query: z.string({ error: MSG.kbEmptyQuery }).trim().min(1, MSG.kbEmptyQuery).max(KNOWLEDGE_LIMITS.queryMax).refine(noNul, MSG.validationFailed),
  limit: num(z.number().int().min(1).max(20)).default(KNOWLEDGE_LIMITS.hitTestLimit),
  /** 1: restate the question with the 问题改写 model before searching, as the chat does (true/false taken too). */
  rewrite: flag.default(0),
});

// ── Robot bindings (Robot/bindedContent …) ────────────────────────────────────────────────

export const BINDING_TYPES = ['repository', 'intent', 'resource'] as const;
export type BindingType = (typeof BINDING_TYPES)[number];
export const BINDING_TYPE_LABEL: Record<BindingType, string> = { repository: '知识库', intent: '意图库', resource: '资源' };

export const boundContentSchema = z.object({
  id: z.number(),
  robot_id: z.number(),
  type: z.enum(BINDING_TYPES),
  content_id: z.number(),
  name: z.string(),
  info: z.string(),
  /** 1 on, 0 switched off. */
  status: z.number().meta({ description: '1 on, 0 switched off' }),
  create_time: z.number(),
});
export type BoundContent = z.output<typeof boundContentSchema>;

export const boundContentQuery = z.object({ robot_id: idSchema, type: z.enum(BINDING_TYPES).optional() });
export const bindContentBody = z.object({ robot_id: idSchema, type: z.enum(BINDING_TYPES), ids: z.array(idSchema).min(1).max(50) });
export const unbindContentBody = z.object({ robot_id: idSchema, type: z.enum(BINDING_TYPES), id: idSchema });
export const contentStatusBody = unbindContentBody.extend({ status: z.union([z.literal(0), z.literal(1)]) });
