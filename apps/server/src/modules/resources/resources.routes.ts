import type { FastifyPluginAsync } from 'fastify';
import { MSG } from '@xueban/contract/messages';
import { ADMIN_ROLE_ABOVE } from '@xueban/contract/roles';
import { RES_MSG } from '@xueban/contract/resources';
import { Publish, ResCenter, Solution } from '@xueban/contract/calls/resources';
import { caller } from '../../lib/auth.ts';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { manageAccess } from '../robots/robot-access.ts';
import { myPublications, publicationDetail, publish, review, reviewList, withdraw } from './publish.service.ts';
import { copyResource, listResources } from './res-center.service.ts';
import { installList, installOwnSolution, installStatus, removeSolution, saveSolution, solutionList } from './solutions.service.ts';

const orgAdmin = { roles: ADMIN_ROLE_ABOVE, denied: MSG.noOperationPermission };
const publication = (where: 'query' | 'body') => ({ resource: 'publication', field: 'id', in: where }) as const;
const solution = { resource: 'solution', field: 'id', in: 'body' } as const;

/** Publishing and review, the resource centre, solutions (issue 20). */
export const resourceRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;
  const { db } = deps;
  const withQueue = { ...deps, queue: app.queue };

  route(app, Publish.save, { config: { access: manageAccess, tenant: { resource: 'knowledge', field: 'content_id', in: 'body' } } },
    async (req) => ok(await publish(db, caller(req), req.body), RES_MSG.published));
  route(app, Publish.mine, { config: { access: manageAccess } }, async (req) => ok(await myPublications(db, caller(req), req.query)));
  route(app, Publish.detail, { config: { access: 'user', tenant: publication('query') } },
    async (req) => ok(await publicationDetail(db, caller(req), req.query.id)));
  route(app, Publish.withdraw, { config: { access: manageAccess, tenant: publication('body') } },
    async (req) => {
      await withdraw(db, caller(req), req.body.id);
      return ok(null, MSG.done);
    });
  route(app, Publish.reviewLists, { config: { access: orgAdmin } }, async (req) => ok(await reviewList(db, caller(req), req.query)));
  route(app, Publish.review, { config: { access: orgAdmin, tenant: publication('body') } },
    async (req) => {
      await review(db, caller(req), req.body);
      return ok(null, MSG.done);
    });

  route(app, ResCenter.lists, { config: { access: 'user' } }, async (req) => ok(await listResources(deps, caller(req), req.query)));
  route(app, ResCenter.copy, { config: { access: manageAccess, tenant: publication('body') } },
    async (req) => ok(await copyResource(withQueue, caller(req), req.body.kind, req.body.id), RES_MSG.copied));

  route(app, Solution.lists, { config: { access: manageAccess } }, async (req) => ok(await solutionList(db, caller(req), req.query)));
  route(app, Solution.save, { config: { access: manageAccess, tenant: solution } },
    async (req) => ok(await saveSolution(db, caller(req), req.body), req.body.id ? MSG.updated : MSG.created));
  route(app, Solution.delete, { config: { access: manageAccess, tenant: solution } },
    async (req) => {
      await removeSolution(db, caller(req), req.body.id);
      return ok(null, MSG.deleted);
    });
  route(app, Solution.install, { config: { access: manageAccess, tenant: solution } },
    async (req) => ok(await installOwnSolution(withQueue, caller(req), req.body.id), RES_MSG.installStarted));
  route(app, Solution.installStatus, { config: { access: manageAccess, tenant: { resource: 'solutionInstall', field: 'id', in: 'query' } } },
    async (req) => ok(await installStatus(db, caller(req), req.query.id)));
  route(app, Solution.installs, { config: { access: manageAccess } }, async (req) => ok(await installList(db, caller(req), req.query.limit)));
};
