/** Calls of the knowledge bases (知识库): bases, documents and their training, chunks, hit test (spec §5, §7). See call.ts. */
import { z } from 'zod';
import { defineCall } from '../call.ts';
import {
  adminDocumentSchema, adminDocumentsQuery, chunkListQuery, docIdBody, docIdsBody, editChunkBody, hitTestItemSchema, hitTestQuery,
  kbIdBody, kbIdQuery, kbListQuery, kbSaveBody, knowledgeBaseSchema, knowledgeChunkSchema, knowledgeDocumentSchema, parseUrlBody,
  retrievalStatusSchema, trainingBody, trainingTasksQuery, trainingTasksSchema, trainListQuery, webPagePreviewSchema,
} from '../knowledge.ts';
import { noData, pageOf } from '../uc.ts';

export const Knowledge = {
  lists: defineCall({
    method: 'GET', path: '/api/ai/knowledge/lists', summary: '知识库列表',
    query: kbListQuery, response: pageOf(knowledgeBaseSchema),
  }),
  detail: defineCall({
    method: 'GET', path: '/api/ai/knowledge/detail', summary: '知识库详情',
    query: kbIdQuery, response: knowledgeBaseSchema,
  }),
  save: defineCall({
    method: 'POST', path: '/api/ai/knowledge/save', summary: '新建或修改知识库',
    body: kbSaveBody, response: knowledgeBaseSchema,
  }),
  delete: defineCall({
    method: 'POST', path: '/api/ai/knowledge/delete', summary: '删除知识库（连同文档和分段，并取消与机器人的关联）',
    body: kbIdBody, response: noData,
  }),
  training: defineCall({
    method: 'POST', path: '/api/ai/knowledge/training', summary: '导入文档并训练（文件、网页、问答对）',
    body: trainingBody, response: z.array(knowledgeDocumentSchema),
  }),
  trainlists: defineCall({
    method: 'GET', path: '/api/ai/knowledge/trainlists', summary: '文档列表',
    query: trainListQuery, response: pageOf(knowledgeDocumentSchema),
  }),
  trainingtasks: defineCall({
    method: 'GET', path: '/api/ai/knowledge/trainingtasks', summary: '训练进度',
    query: trainingTasksQuery, response: trainingTasksSchema,
  }),
  deltrain: defineCall({
    method: 'POST', path: '/api/ai/knowledge/deltrain', summary: '删除文档',
    body: docIdsBody, response: noData,
  }),
  retrytrain: defineCall({
    method: 'POST', path: '/api/ai/knowledge/retrytrain', summary: '重新训练失败的文档',
    body: docIdBody, response: knowledgeDocumentSchema,
  }),
  retryqatrain: defineCall({
    method: 'POST', path: '/api/ai/knowledge/retryqatrain', summary: '重新训练失败的问答对',
    body: docIdBody, response: knowledgeDocumentSchema,
  }),
  chunks: defineCall({
    method: 'GET', path: '/api/ai/knowledge/chunks', summary: '文档分段',
    query: chunkListQuery, response: pageOf(knowledgeChunkSchema),
  }),
  edittrain: defineCall({
    method: 'POST', path: '/api/ai/knowledge/edittrain', summary: '编辑分段（立即重新索引）',
    body: editChunkBody, response: knowledgeChunkSchema,
  }),
  hitTest: defineCall({
    method: 'GET', path: '/api/ai/knowledge/hitTest', summary: '命中测试',
    query: hitTestQuery, response: z.array(hitTestItemSchema),
  }),
  retrievalStatus: defineCall({
    method: 'GET', path: '/api/ai/knowledge/retrievalStatus', summary: '检索方式（关键词或混合检索）及原因',
    query: z.object({}), response: retrievalStatusSchema,
  }),
  parseWebUrl: defineCall({
    method: 'POST', path: '/api/ai/knowledge/parseWebUrl', summary: '读取网页（导入前预览）',
    body: parseUrlBody, response: webPagePreviewSchema,
  }),
};

/** The super admin's back office: every organisation's bases and documents. */
export const AdminKnowledge = {
  lists: defineCall({
    method: 'GET', path: '/api/ai/admin.knowledge/lists', summary: '知识库（全部组织）',
    query: kbListQuery, response: pageOf(knowledgeBaseSchema),
  }),
  delete: defineCall({
    method: 'POST', path: '/api/ai/admin.knowledge/delete', summary: '删除知识库（任一组织）',
    body: kbIdBody, response: noData,
  }),
  documents: defineCall({
    method: 'GET', path: '/api/ai/admin.knowledge/documents', summary: '知识管理：全部组织的文档',
    query: adminDocumentsQuery, response: pageOf(adminDocumentSchema),
  }),
  deltrain: defineCall({
    method: 'POST', path: '/api/ai/admin.knowledge/deltrain', summary: '删除文档（任一组织）',
    body: docIdsBody, response: noData,
  }),
};
