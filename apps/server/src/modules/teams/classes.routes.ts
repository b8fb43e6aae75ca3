import type { FastifyPluginAsync } from 'fastify';
import { TeamClass } from '@xueban/contract/calls/classes';
import { MSG } from '@xueban/contract/messages';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { caller } from '../../lib/auth.ts';
import { manageAccess } from '../robots/robot-access.ts';
import {
  classRoster, moveClassMember, myClassNews, myClasses, postClassNotice, renewInvite, robotClassNews, setClassQuota,
  setInviteExpiry, setStudentQuota,
} from './classes.service.ts';
import { rosterCsv, rosterFileName } from './roster-csv.ts';
import { addMembersByAccount } from './teams.service.ts';

const robot = (field: string, where: 'body' | 'query' = 'body') => ({ resource: 'robot', field, in: where } as const);
const team = (field: string, where: 'body' | 'query' = 'body') => ({ resource: 'team', field, in: where } as const);

/** 班级 (issue 17): the teacher's class management and the student's class news. */
export const classRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  route(app, TeamClass.mine, {
    // robot_id is optional: without it the list is the caller's own classes in their organisation.
    config: { access: manageAccess, tenant: robot('robot_id', 'query') },
  }, async (req) => ok(await myClasses(deps, caller(req), req.query.robot_id)));

  route(app, TeamClass.roster, { config: { access: manageAccess, tenant: team('id', 'query') } },
    async (req) => ok(await classRoster(deps, caller(req), req.query.id)));

  route(app, TeamClass.setInviteExpiry, { config: { access: manageAccess, tenant: team('id') } },
    async (req) => ok(await setInviteExpiry(deps, caller(req), req.body.id, req.body.expire_time), MSG.updated));

  route(app, TeamClass.renewInvite, { config: { access: manageAccess, tenant: team('id') } },
    async (req) => ok(await renewInvite(deps, caller(req), req.body.id), MSG.updated));

  route(app, TeamClass.setQuota, { config: { access: manageAccess, tenant: team('id') } },
    async (req) => ok(await setClassQuota(deps, caller(req), req.body.id, req.body.daily_quota), MSG.updated));

  route(app, TeamClass.addByAccount, { config: { access: manageAccess, tenant: team('id') } },
    async (req) => ok(await addMembersByAccount(deps, caller(req), req.body.id, req.body.accounts, req.body.role), MSG.done));

  route(app, TeamClass.setMemberQuota, { config: { access: manageAccess, tenant: team('id') } }, async (req) => {
    await setStudentQuota(deps, caller(req), req.body.id, req.body.uid, req.body.daily_quota);
    return ok(null, MSG.updated);
  });

  route(app, TeamClass.moveMember, { config: { access: manageAccess, tenant: team('id') } }, async (req) => {
    await moveClassMember(deps, caller(req), req.body.id, req.body.uid, req.body.to_team_id);
    return ok(null, MSG.done);
  });

  route(app, TeamClass.postNotice, { config: { access: manageAccess, tenant: team('id') } }, async (req) => {
    await postClassNotice(deps, caller(req), req.body.id, req.body.title);
    return ok(null, MSG.done);
  });

  route(app, TeamClass.robotNews, { config: { access: manageAccess, tenant: robot('robot_id', 'query') } },
    async (req) => ok(await robotClassNews(deps, caller(req), req.query.robot_id)));

  route(app, TeamClass.news, { config: { access: 'user', tenant: robot('robot_id', 'query') } },
    async (req) => ok(await myClassNews(deps, caller(req), req.query)));

  route(app, TeamClass.exportRoster, {
    config: { access: manageAccess, tenant: team('id', 'query'), rateLimit: { max: 30, timeWindow: 60_000 } },
  }, async (req, reply) => {
    const roster = await classRoster(deps, caller(req), req.query.id);
    const name = rosterFileName(roster.class.title);
    return reply
      .header('content-type', TeamClass.exportRoster.produces)
      .header('content-disposition', `attachment; filename="${name.ascii}"; filename*=UTF-8''${name.utf8}`)
      .header('cache-control', 'no-store')
      .send(rosterCsv(roster.class.title, roster.members));
  });
};
