import type { FastifyPluginAsync } from 'fastify';
import { Marking } from '@xueban/contract/calls/marking';
import { MARK_MSG } from '@xueban/contract/marking';
import { MSG } from '@xueban/contract/messages';
import { ok } from '../../lib/envelope.ts';
import { caller } from '../../lib/auth.ts';
import { route } from '../../lib/route.ts';
import { badRequest } from '../../lib/errors.ts';
import { manageAccess } from '../robots/robot-access.ts';
import {
  assertDraftable, classOptions, ledSubmission, listAssignments, markSubmission, releaseAll, removeAssignment, reviewAssignment,
  saveAssignment,
} from './assignments.service.ts';
import { myAssignments, submitWork } from './submissions.service.ts';
import { draftSubmission } from './draft.job.ts';
import { toSubmissionItem } from './marking-views.ts';
import { resultsFileName, resultsWorkbook } from './marking-export.ts';
import { creatorMarkingView } from './creator-view.service.ts';

const probe = (resource: 'robot' | 'team' | 'assignment' | 'submission', field: string, where: 'body' | 'query' = 'body') =>
  ({ resource, field, in: where } as const);

/** AI 批阅: the teacher's assignments and review (teachers and above), the student's own work (any member). */
export const markingRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  route(app, Marking.classes, { config: { access: manageAccess, tenant: probe('robot', 'robot_id', 'query') } },
    async (req) => ok(await classOptions(deps, caller(req), req.query.robot_id)));

  route(app, Marking.assignments, { config: { access: manageAccess, tenant: probe('robot', 'robot_id', 'query') } },
    async (req) => ok(await listAssignments(deps, caller(req), req.query.robot_id)));

  route(app, Marking.save, { config: { access: manageAccess, tenant: probe('team', 'team_id') } },
    async (req) => ok(await saveAssignment(deps, caller(req), req.body), req.body.id ? MSG.updated : MSG.created));

  route(app, Marking.delete, { config: { access: manageAccess, tenant: probe('assignment', 'id') } }, async (req) => {
    await removeAssignment(deps, caller(req), req.body.id);
    return ok(null, MSG.deleted);
  });

  route(app, Marking.review, { config: { access: manageAccess, tenant: probe('assignment', 'assignment_id', 'query') } },
    async (req) => ok(await reviewAssignment(deps, caller(req), req.query.assignment_id)));

  route(app, Marking.draft, { config: { access: manageAccess, tenant: probe('submission', 'id') } }, async (req) => {
    const { s } = await ledSubmission(deps, caller(req), req.body.id);
    assertDraftable(s);
    const out = await draftSubmission(deps, s.id, req.log);
    // No model: said plainly, the teacher marks by hand.
    if (out.noModel) throw badRequest(MARK_MSG.noModel);
    const item = toSubmissionItem(out.row!);
    return ok(item, out.busy ? MARK_MSG.drafting : item.status === 'drafted' ? MSG.done : item.draft_error);
  });

  route(app, Marking.mark, { config: { access: manageAccess, tenant: probe('submission', 'id') } },
    async (req) => ok(await markSubmission(deps, caller(req), req.body), req.body.release ? MARK_MSG.released : MSG.updated));

  route(app, Marking.releaseAll, { config: { access: manageAccess, tenant: probe('assignment', 'id') } },
    async (req) => ok(await releaseAll(deps, caller(req), req.body.id), MARK_MSG.releasedAll));

  route(app, Marking.export, {
    config: { access: manageAccess, tenant: probe('assignment', 'assignment_id', 'query'), rateLimit: { max: 20, timeWindow: 60_000 } },
  }, async (req, reply) => {
    const review = await reviewAssignment(deps, caller(req), req.query.assignment_id);
    const name = resultsFileName(review.assignment.title);
    return reply
      .header('content-type', Marking.export.produces)
      .header('content-disposition', `attachment; filename="${name.ascii}"; filename*=UTF-8''${name.utf8}`)
      .header('cache-control', 'no-store')
      .send(await resultsWorkbook(review));
  });

  route(app, Marking.creatorView, { config: { access: manageAccess, tenant: probe('robot', 'robot_id', 'query') } },
    async (req) => ok(await creatorMarkingView(deps, caller(req), req.query.robot_id)));

  route(app, Marking.mine, { config: { access: 'user', tenant: probe('robot', 'robot_id', 'query') } },
    async (req) => ok(await myAssignments(deps, caller(req), req.query.robot_id)));

  route(app, Marking.submit, { config: { access: 'user', tenant: probe('assignment', 'assignment_id') } },
    async (req) => ok(await submitWork(deps, app.queue, caller(req), req.body), MARK_MSG.submitted));
};
