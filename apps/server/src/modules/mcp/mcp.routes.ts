import type { FastifyPluginAsync } from 'fastify';
import { AdminMcp, AdminMcpTool, RobotTool } from '@xueban/contract/calls/mcp';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { ok } from '../../lib/envelope.ts';
import { caller } from '../../lib/auth.ts';
import { route } from '../../lib/route.ts';
import { manageAccess } from '../robots/robot-access.ts';
import {
  deleteService, listServices, listTools, robotToolList, saveService, setRobotTool, updateService, updateTool,
} from './mcp.service.ts';

/** MCP 管理: the super admin (platform services) and organisation admins (their own). */
const admins = { roles: [Role.SUPER_ADMIN, Role.ORG_ADMIN] } as const;
const service = (field: string, where: 'body' | 'query' = 'body') => ({ resource: 'mcpService', field, in: where } as const);
const tool = { resource: 'mcpTool', field: 'id', in: 'body' } as const;
const robot = (where: 'body' | 'query') => ({ resource: 'robot', field: 'robot_id', in: where } as const);
/** A connection test waits up to 60 s on someone else's server: bounded per caller. */
const connecting = { max: 20, timeWindow: 60_000 };

export const mcpRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  route(app, AdminMcp.lists, { config: { access: admins } }, async (req) => ok(await listServices(deps, caller(req))));
  route(app, AdminMcp.save, { config: { access: admins, rateLimit: connecting } },
    async (req) => ok(await saveService(deps, caller(req), req.body), MSG.created));
  route(app, AdminMcp.update, { config: { access: admins, tenant: service('id'), rateLimit: connecting } },
    async (req) => ok(await updateService(deps, caller(req), req.body), MSG.updated));
  route(app, AdminMcp.delete, { config: { access: admins, tenant: service('id') } }, async (req) => {
    await deleteService(deps, caller(req), req.body.id);
    return ok(null, MSG.deleted);
  });

  route(app, AdminMcpTool.lists, { config: { access: admins, tenant: service('service_id', 'query') } },
    async (req) => ok(await listTools(deps, caller(req), req.query.service_id)));
  route(app, AdminMcpTool.update, { config: { access: admins, tenant: tool } }, async (req) => {
    await updateTool(deps, caller(req), req.body.id, req.body.enabled === 1);
    return ok(null, MSG.updated);
  });

  route(app, RobotTool.lists, { config: { access: manageAccess, tenant: robot('query') } },
    async (req) => ok(await robotToolList(deps, caller(req), req.query.robot_id)));
  route(app, RobotTool.update, { config: { access: manageAccess, tenant: robot('body') } }, async (req) => {
    await setRobotTool(deps, caller(req), req.body.robot_id, req.body.tool_id, req.body.enabled === 1);
    return ok(null, MSG.updated);
  });
};
