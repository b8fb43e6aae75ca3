/** Calls of the knowledge bases (知识库): bases, documents and their training, chunks, hit test (spec §5, §7). See call.ts. */
import { z } from 'zod';
import { defineCalls, get, post } from '../call.ts';
import {
  adminDocumentSchema, adminDocumentsQuery, chunkListQuery, docIdBody, docIdsBody, editChunkBody, hitTestQuery, hitTestResponseSchema,
  kbIdBody, kbIdQuery, kbListQuery, kbSaveBody, knowledgeBaseSchema, knowledgeChunkSchema, knowledgeDocumentSchema, parseUrlBody,
  retrievalStatusSchema, trainingBody, trainingTasksQuery, trainingTasksSchema, trainListQuery, webPagePreviewSchema,
} from '../knowledge.ts';
import { emptyQuery, noData, pageOf } from '../uc.ts';

export const Knowledge = defineCalls('/api/ai/knowledge', {
  lists: get('知识库列表', kbListQuery, pageOf(knowledgeBaseSchema)),
  detail: get('知识库详情', kbIdQuery, knowledgeBaseSchema),
  save: post('新建或修改知识库', kbSaveBody, knowledgeBaseSchema),
  delete: post('删除知识库（连同文档和分段，并取消与机器人的关联）', kbIdBody, noData),
  training: post('导入文档并训练（文件、网页、问答对）', trainingBody, z.array(knowledgeDocumentSchema)),
  trainlists: get('文档列表', trainListQuery, pageOf(knowledgeDocumentSchema)),
  trainingtasks: get('训练进度', trainingTasksQuery, trainingTasksSchema),
  deltrain: post('删除文档', docIdsBody, noData),
  retrytrain: post('重新训练失败的文档', docIdBody, knowledgeDocumentSchema),
  retryqatrain: post('重新训练失败的问答对', docIdBody, knowledgeDocumentSchema),
  chunks: get('文档分段', chunkListQuery, pageOf(knowledgeChunkSchema)),
  edittrain: post('编辑分段（立即重新索引）', editChunkBody, knowledgeChunkSchema),
  hitTest: get('命中测试（rewrite=1：先用问题改写模型改写问题再检索）', hitTestQuery, hitTestResponseSchema),
  retrievalStatus: get('检索方式（关键词或混合检索）及原因', emptyQuery, retrievalStatusSchema),
  parseWebUrl: post('读取网页（导入前预览）', parseUrlBody, webPagePreviewSchema),
});

/** The super admin's back office: every organisation's bases and documents. */
export const AdminKnowledge = defineCalls('/api/ai/admin.knowledge', {
  lists: get('知识库（全部组织）', kbListQuery, pageOf(knowledgeBaseSchema)),
  delete: post('删除知识库（任一组织）', kbIdBody, noData),
  documents: get('知识管理：全部组织的文档', adminDocumentsQuery, pageOf(adminDocumentSchema)),
  deltrain: post('删除文档（任一组织）', docIdsBody, noData),
});
