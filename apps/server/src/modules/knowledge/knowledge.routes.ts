import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '@xueban/contract/messages';
import {
  adminDocumentsQuery, chunkListQuery, docIdBody, docIdsBody, editChunkBody, hitTestQuery, kbIdBody, kbIdQuery, kbListQuery, kbSaveBody,
  parseUrlBody, trainingBody, trainingTasksQuery, trainListQuery,
} from '@xueban/contract/knowledge';
import { ok } from '../../lib/envelope.ts';
import { caller } from '../../lib/auth.ts';
import { manageAccess } from '../robots/robot-access.ts';
import {
  deleteDocuments, documentChunks, editChunk, hitTest, requestTraining, retryDocument, trainingTasks, trainList,
} from './documents.service.ts';
import {
  adminListBases, adminListDocuments, deleteKnowledgeBase, knowledgeBaseDetail, listKnowledgeBases, saveKnowledgeBase,
} from './knowledge.service.ts';
import { Role } from '@xueban/contract/roles';
import { startTrainingWorker } from './training.worker.ts';
import { TRAIN_QUEUE, TRAIN_QUEUE_OPTIONS } from './training.job.ts';
import { previewWebPage } from './web-page.ts';
import { retrievalStatus } from './retrieval-status.ts';
import { ensureVectorStore } from './vector-store.ts';
import { z } from 'zod';

const tags = ['Knowledge'];
const kb = (field: string, where: 'body' | 'query' = 'body') => ({ resource: 'knowledge', field, in: where } as const);
const doc = (field: string, where: 'body' | 'query' = 'body') => ({ resource: 'knowledgeDocument', field, in: where } as const);
/** Knowledge bases are built by the people who build robots: teachers, creators, developers, admins. */
const access = manageAccess;
const superAdmin = { roles: [Role.SUPER_ADMIN] } as const;
const platformWide = 'The super admin manages every organisation\'s knowledge (design.md §3: super admin excepted, explicitly)';

/** 知识库 (repository): bases, documents and their training, chunks, hit test. */
export const knowledgeRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const { db } = deps;
  await app.queue.createQueue(TRAIN_QUEUE, TRAIN_QUEUE_OPTIONS);
  await ensureVectorStore(db, app.log);
  if (deps.config.WORKERS) await startTrainingWorker(app);

  app.get('/api/ai/knowledge/lists', {
    schema: { tags, summary: '知识库列表', querystring: kbListQuery },
    config: { access, tenantExempt: 'lists only the caller organisation\'s knowledge bases' },
  }, async (req) => ok(await listKnowledgeBases(db, caller(req), req.query)));

  app.get('/api/ai/knowledge/detail', {
    schema: { tags, summary: '知识库详情', querystring: kbIdQuery },
    config: { access, tenant: kb('id', 'query') },
  }, async (req) => ok(await knowledgeBaseDetail(db, caller(req), req.query.id)));

  app.post('/api/ai/knowledge/save', {
    schema: { tags, summary: '新建或修改知识库', body: kbSaveBody },
    config: { access, tenant: kb('id') },
  }, async (req) => ok(await saveKnowledgeBase(db, caller(req), req.body), req.body.id ? MSG.updated : MSG.created));

  app.post('/api/ai/knowledge/delete', {
    schema: { tags, summary: '删除知识库（连同文档和分段，并取消与机器人的关联）', body: kbIdBody },
    config: { access, tenant: kb('id') },
  }, async (req) => ok(await deleteKnowledgeBase(db, caller(req), req.body.id), MSG.deleted));

  app.post('/api/ai/knowledge/training', {
    schema: { tags, summary: '导入文档并训练（文件、网页、问答对）', body: trainingBody },
    config: { access, tenant: kb('repository_id') },
  }, async (req) => ok(await requestTraining(db, app.queue, caller(req), req.body), MSG.kbTrainQueued));

  app.get('/api/ai/knowledge/trainlists', {
    schema: { tags, summary: '文档列表', querystring: trainListQuery },
    config: { access, tenant: kb('repository_id', 'query') },
  }, async (req) => ok(await trainList(db, caller(req), req.query)));

  app.get('/api/ai/knowledge/trainingtasks', {
    schema: { tags, summary: '训练进度', querystring: trainingTasksQuery },
    config: { access, tenant: kb('repository_id', 'query') },
  }, async (req) => ok(await trainingTasks(db, caller(req), req.query.repository_id)));

  app.post('/api/ai/knowledge/deltrain', {
    schema: { tags, summary: '删除文档', body: docIdsBody },
    config: { access, tenantExempt: 'ids are matched within the caller organisation only; any foreign id answers 404 (knowledge tests)' },
  }, async (req) => ok(await deleteDocuments(db, caller(req), req.body.ids), MSG.deleted));

  app.post('/api/ai/knowledge/retrytrain', {
    schema: { tags, summary: '重新训练失败的文档', body: docIdBody },
    config: { access, tenant: doc('id') },
  }, async (req) => ok(await retryDocument(db, app.queue, caller(req), req.body.id, 'doc'), MSG.kbRetryQueued));

  app.post('/api/ai/knowledge/retryqatrain', {
    schema: { tags, summary: '重新训练失败的问答对', body: docIdBody },
    config: { access, tenant: doc('id') },
  }, async (req) => ok(await retryDocument(db, app.queue, caller(req), req.body.id, 'qa'), MSG.kbRetryQueued));

  app.get('/api/ai/knowledge/chunks', {
    schema: { tags, summary: '文档分段', querystring: chunkListQuery },
    config: { access, tenant: doc('document_id', 'query') },
  }, async (req) => ok(await documentChunks(db, caller(req), req.query)));

  app.post('/api/ai/knowledge/edittrain', {
    schema: { tags, summary: '编辑分段（立即重新索引）', body: editChunkBody },
    config: { access, tenant: { resource: 'knowledgeChunk', field: 'id', in: 'body' } },
  }, async (req) => ok(await editChunk(deps, req.log, caller(req), req.body), MSG.updated));

  app.get('/api/ai/knowledge/hitTest', {
    schema: { tags, summary: '命中测试', querystring: hitTestQuery },
    config: { access, tenant: kb('repository_id', 'query') },
  }, async (req) => ok(await hitTest(deps, caller(req), req.query)));

  app.get('/api/ai/knowledge/retrievalStatus', {
    schema: { tags, summary: '检索方式（关键词或混合检索）及原因', querystring: z.object({}) },
    config: { access },
  }, async () => ok(await retrievalStatus(deps)));

  // The super admin's back office: every organisation's bases and documents.
  app.get('/api/ai/admin.knowledge/lists', {
    schema: { tags, summary: '知识库（全部组织）', querystring: kbListQuery },
    config: { access: superAdmin },
  }, async (req) => ok(await adminListBases(db, req.query)));

  app.post('/api/ai/admin.knowledge/delete', {
    schema: { tags, summary: '删除知识库（任一组织）', body: kbIdBody },
    config: { access: superAdmin, tenantExempt: platformWide },
  }, async (req) => ok(await deleteKnowledgeBase(db, 'superAdmin', req.body.id), MSG.deleted));

  app.get('/api/ai/admin.knowledge/documents', {
    schema: { tags, summary: '知识管理：全部组织的文档', querystring: adminDocumentsQuery },
    config: { access: superAdmin },
  }, async (req) => ok(await adminListDocuments(db, req.query)));

  app.post('/api/ai/admin.knowledge/deltrain', {
    schema: { tags, summary: '删除文档（任一组织）', body: docIdsBody },
    config: { access: superAdmin, tenantExempt: platformWide },
  }, async (req) => ok(await deleteDocuments(db, 'superAdmin', req.body.ids), MSG.deleted));

  app.post('/api/ai/knowledge/parseWebUrl', {
    schema: { tags, summary: '读取网页（导入前预览）', body: parseUrlBody },
    config: { access, tenantExempt: 'reads a public web page; no stored row is named' },
  }, async (req) => ok(await previewWebPage(deps, req.body.url)));
};
