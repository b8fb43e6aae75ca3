/** Schemas of the knowledge-base (知识库) and robot-binding calls, shared by server and web. */
import { z } from 'zod';
import { num } from './number.ts';
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

/** Extensions a knowledge base reads (spec §5 file reading; .doc/.xls through LibreOffice when installed). */
export const KNOWLEDGE_FILE_EXTENSIONS = ['pdf', 'docx', 'doc', 'xlsx', 'xls', 'csv', 'txt', 'md', 'html'] as const;
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

export interface KnowledgeBaseItem {
  id: number;
  name: string;
  info: string;
  doc_count: number;
  chunk_count: number;
  /** Documents still queued or training. */
  training_count: number;
  creator: { id: number; truename: string };
  /** Robots of the organisation bound to it. */
  robot_count: number;
  create_time: number;
  update_time: number;
  /** In the super admin's lists: whose it is. */
  group?: { id: number; name: string };
}

export interface KnowledgeDocumentItem {
  id: number;
  repository_id: number;
  type: DocumentType;
  name: string;
  url: string;
  status: DocumentStatus;
  progress: number;
  /** Why it failed, in words a user can act on. */
  error: string;
  chunk_count: number;
  char_count: number;
  attempts: number;
  create_time: number;
  update_time: number;
}

/** A document in the super admin's 知识管理 list. */
export interface AdminDocumentItem extends KnowledgeDocumentItem { repository_name: string; group: { id: number; name: string } }
export const adminDocumentsQuery = pageQuery.extend({
  status: z.enum(['queued', 'training', 'ready', 'failed']).optional(),
  keyword: z.string().trim().max(100).refine((s) => !s.includes('\u0000'), MSG.validationFailed).optional(),
});

export interface KnowledgeChunkItem {
  id: number;
  document_id: number;
  seq: number;
  heading: string;
  question: string;
  content: string;
  edited: boolean;
}

export interface HitTestItem {
  chunk_id: number;
  document_id: number;
  document_name: string;
  repository_id: number;
  heading: string;
  question: string;
  content: string;
  score: number;
}

/** knowledge/retrievalStatus: keyword or hybrid, and why. */
/** rerank_model: when set, the final order is the rerank model's. */
export interface RetrievalStatus { mode: 'hybrid' | 'keyword'; vector: boolean; embedding_model: string; rerank_model: string; note: string }

export interface TrainingTasks { queued: number; training: number; ready: number; failed: number; items: KnowledgeDocumentItem[] }

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
  status: z.enum(['queued', 'training', 'ready', 'failed']).optional(),
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
});

// ── Robot bindings (Robot/bindedContent …) ────────────────────────────────────────────────

export const BINDING_TYPES = ['repository', 'intent', 'resource'] as const;
export type BindingType = (typeof BINDING_TYPES)[number];
export const BINDING_TYPE_LABEL: Record<BindingType, string> = { repository: '知识库', intent: '意图库', resource: '资源' };

export interface BoundContentItem {
  id: number;
  robot_id: number;
  type: BindingType;
  content_id: number;
  name: string;
  info: string;
  /** 1 on, 0 switched off. */
  status: number;
  create_time: number;
}

export const boundContentQuery = z.object({ robot_id: idSchema, type: z.enum(BINDING_TYPES).optional() });
export const bindContentBody = z.object({ robot_id: idSchema, type: z.enum(BINDING_TYPES), ids: z.array(idSchema).min(1).max(50) });
export const unbindContentBody = z.object({ robot_id: idSchema, type: z.enum(BINDING_TYPES), id: idSchema });
export const contentStatusBody = unbindContentBody.extend({ status: z.union([z.literal(0), z.literal(1)]) });
