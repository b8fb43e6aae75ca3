import type { FastifyPluginAsync } from 'fastify';
import { MSG } from '@xueban/contract/messages';
import { AdminKnowledge, Knowledge } from '@xueban/contract/calls/knowledge';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { caller } from '../../lib/auth.ts';
import { manageAccess } from '../robots/robot-access.ts';
import {
  deleteDocuments, documentChunks, editChunk, hitTest, requestTraining, retryDocument, trainingTasks, trainList,
} from './documents.service.ts';
import {
  adminListBases, adminListDocuments, deleteKnowledgeBase, knowledgeBaseDetail, listKnowledgeBases, saveKnowledgeBase,
} from './knowledge.service.ts';
import { Role } from '@xueban/contract/roles';
import { previewWebPage } from './web-page.ts';
import { retrievalStatus } from './retrieval-status.ts';

const kb = (field: string, where: 'body' | 'query' = 'body') => ({ resource: 'knowledge', field, in: where } as const);
const doc = (field: string, where: 'body' | 'query' = 'body') => ({ resource: 'knowledgeDocument', field, in: where } as const);
/** Knowledge bases are built by the people who build robots: teachers, creators, developers, admins. */
const access = manageAccess;
const superAdmin = { roles: [Role.SUPER_ADMIN] } as const;
const platformWide = 'The super admin manages every organisation\'s knowledge (design.md §3: super admin excepted, explicitly)';

/** 知识库 (repository): bases, documents and their training, chunks, hit test. */
export const knowledgeRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  const { db } = deps;

  route(app, Knowledge.lists, {
    config: { access, tenantExempt: 'lists only the caller organisation\'s knowledge bases' },
  }, async (req) => ok(await listKnowledgeBases(db, caller(req), req.query)));

  route(app, Knowledge.detail, { config: { access, tenant: kb('id', 'query') } },
    async (req) => ok(await knowledgeBaseDetail(db, caller(req), req.query.id)));

  route(app, Knowledge.save, { config: { access, tenant: kb('id') } },
    async (req) => ok(await saveKnowledgeBase(db, caller(req), req.body), req.body.id ? MSG.updated : MSG.created));

  route(app, Knowledge.delete, { config: { access, tenant: kb('id') } }, async (req) => {
    await deleteKnowledgeBase(db, caller(req), req.body.id);
    return ok(null, MSG.deleted);
  });

  route(app, Knowledge.training, { config: { access, tenant: kb('repository_id') } },
    async (req) => ok(await requestTraining(db, app.queue, caller(req), req.body), MSG.kbTrainQueued));

  route(app, Knowledge.trainlists, { config: { access, tenant: kb('repository_id', 'query') } },
    async (req) => ok(await trainList(db, caller(req), req.query)));

  route(app, Knowledge.trainingtasks, { config: { access, tenant: kb('repository_id', 'query') } },
    async (req) => ok(await trainingTasks(db, caller(req), req.query.repository_id)));

  route(app, Knowledge.deltrain, {
    config: { access, tenantExempt: 'ids are matched within the caller organisation only; any foreign id answers 404 (knowledge tests)' },
  }, async (req) => {
    await deleteDocuments(db, caller(req), req.body.ids);
    return ok(null, MSG.deleted);
  });

  route(app, Knowledge.retrytrain, { config: { access, tenant: doc('id') } },
    async (req) => ok(await retryDocument(db, app.queue, caller(req), req.body.id, 'doc'), MSG.kbRetryQueued));

  route(app, Knowledge.retryqatrain, { config: { access, tenant: doc('id') } },
    async (req) => ok(await retryDocument(db, app.queue, caller(req), req.body.id, 'qa'), MSG.kbRetryQueued));

  route(app, Knowledge.chunks, { config: { access, tenant: doc('document_id', 'query') } },
    async (req) => ok(await documentChunks(db, caller(req), req.query)));

  route(app, Knowledge.edittrain, { config: { access, tenant: { resource: 'knowledgeChunk', field: 'id', in: 'body' } } },
    async (req) => ok(await editChunk(deps, req.log, caller(req), req.body), MSG.updated));

  route(app, Knowledge.hitTest, { config: { access, tenant: kb('repository_id', 'query') } },
    async (req) => ok(await hitTest(deps, caller(req), req.query)));

  route(app, Knowledge.retrievalStatus, { config: { access } }, async () => ok(await retrievalStatus(deps)));

  // The super admin's back office: every organisation's bases and documents.
  route(app, AdminKnowledge.lists, { config: { access: superAdmin } }, async (req) => ok(await adminListBases(db, req.query)));

  route(app, AdminKnowledge.delete, { config: { access: superAdmin, tenantExempt: platformWide } }, async (req) => {
    await deleteKnowledgeBase(db, 'superAdmin', req.body.id);
    return ok(null, MSG.deleted);
  });

  route(app, AdminKnowledge.documents, { config: { access: superAdmin } }, async (req) => ok(await adminListDocuments(db, req.query)));

  route(app, AdminKnowledge.deltrain, { config: { access: superAdmin, tenantExempt: platformWide } }, async (req) => {
    await deleteDocuments(db, 'superAdmin', req.body.ids);
    return ok(null, MSG.deleted);
  });

  route(app, Knowledge.parseWebUrl, { config: { access, tenantExempt: 'reads a public web page; no stored row is named' } },
    async (req) => ok(await previewWebPage(deps, req.body.url)));
};
