import { and, asc, count, eq, inArray, isNull, or, sql, type SQLWrapper } from 'drizzle-orm';
import { builtOnce } from '../../db/built-once.ts';
import type { Db } from '../../db/client.ts';
import { mcpServices, mcpTools, robotMcpTools } from '../../db/schema/mcp.ts';
import type { McpToolInfo } from '../../ai/mcp-client.ts';

export type ServiceRow = typeof mcpServices.$inferSelect;
export type ToolRow = typeof mcpTools.$inferSelect;

/** Services an organisation's robots may use: the platform's and its own. */
export const usableBy = (groupId: number | SQLWrapper) => or(isNull(mcpServices.groupId), eq(mcpServices.groupId, groupId));

export async function servicesWithCounts(db: Db, groupId: number) {
  return db.select({ s: mcpServices, n: count(mcpTools.id) }).from(mcpServices)
    .leftJoin(mcpTools, eq(mcpTools.serviceId, mcpServices.id))
    .where(usableBy(groupId)).groupBy(mcpServices.id).orderBy(asc(mcpServices.id));
}

export async function findService(db: Db, id: number, groupId: number): Promise<ServiceRow | undefined> {
  const [row] = await db.select().from(mcpServices).where(and(eq(mcpServices.id, id), usableBy(groupId))).limit(1);
  return row;
}

export async function insertService(db: Db, values: typeof mcpServices.$inferInsert, tools: McpToolInfo[]): Promise<ServiceRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(mcpServices).values(values).returning();
    if (tools.length) await tx.insert(mcpTools).values(tools.map((t) => toolValues(row!.id, t)));
    return row!;
  });
}

const toolValues = (serviceId: number, t: McpToolInfo) => ({
  serviceId, name: t.name, title: t.title, description: t.description, inputSchema: t.inputSchema,
});

/** The service's new settings and tool list: tools kept by name keep their switches (and robots' choices). */
export async function updateService(db: Db, id: number, values: Partial<typeof mcpServices.$inferInsert>, tools: McpToolInfo[]): Promise<ServiceRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(mcpServices).set({ ...values, updatedAt: new Date() }).where(eq(mcpServices.id, id)).returning();
    const old = await tx.select().from(mcpTools).where(eq(mcpTools.serviceId, id));
    const wanted = new Map(tools.map((t) => [t.name, t]));
    const gone = old.filter((t) => !wanted.has(t.name)).map((t) => t.id);
    if (gone.length) await tx.delete(mcpTools).where(inArray(mcpTools.id, gone));
    for (const t of old) {
      const fresh = wanted.get(t.name);
      if (fresh) await tx.update(mcpTools).set({ title: fresh.title, description: fresh.description, inputSchema: fresh.inputSchema }).where(eq(mcpTools.id, t.id));
    }
    const known = new Set(old.map((t) => t.name));
    const added = tools.filter((t) => !known.has(t.name));
    if (added.length) await tx.insert(mcpTools).values(added.map((t) => toolValues(id, t)));
    return row!;
  });
}

export async function deleteService(db: Db, id: number) {
  await db.delete(mcpServices).where(eq(mcpServices.id, id));
}

export async function toolsOf(db: Db, groupId: number, serviceId?: number) {
  return db.select({ t: mcpTools, serviceName: mcpServices.name }).from(mcpTools)
    .innerJoin(mcpServices, eq(mcpServices.id, mcpTools.serviceId))
    .where(and(usableBy(groupId), serviceId ? eq(mcpTools.serviceId, serviceId) : undefined))
    .orderBy(asc(mcpServices.id), asc(mcpTools.id));
}

export async function findTool(db: Db, id: number, groupId: number) {
  const [row] = await db.select({ t: mcpTools, s: mcpServices }).from(mcpTools)
    .innerJoin(mcpServices, eq(mcpServices.id, mcpTools.serviceId))
    .where(and(eq(mcpTools.id, id), usableBy(groupId))).limit(1);
  return row;
}

export async function setToolEnabled(db: Db, id: number, enabled: boolean) {
  await db.update(mcpTools).set({ enabled }).where(eq(mcpTools.id, id));
}

export async function robotToolIds(db: Db, robotId: number): Promise<Set<number>> {
  const rows = await db.select({ id: robotMcpTools.toolId }).from(robotMcpTools).where(eq(robotMcpTools.robotId, robotId));
  return new Set(rows.map((r) => r.id));
}

export async function setRobotTool(db: Db, robotId: number, groupId: number, toolId: number, enabled: boolean) {
  if (enabled) await db.insert(robotMcpTools).values({ robotId, toolId, groupId }).onConflictDoNothing();
  else await db.delete(robotMcpTools).where(and(eq(robotMcpTools.robotId, robotId), eq(robotMcpTools.toolId, toolId)));
}

/** The tools a robot offers the model: enabled on the robot, on the service's side, and usable by its organisation. */
export async function enabledRobotTools(db: Db, robotId: number, groupId: number) {
  // Read by every chat: built once.
  return builtOnce(db, 'enabled_robot_tools', () => db.select({ t: mcpTools, s: mcpServices }).from(robotMcpTools)
    .innerJoin(mcpTools, eq(mcpTools.id, robotMcpTools.toolId))
    .innerJoin(mcpServices, eq(mcpServices.id, mcpTools.serviceId))
    .where(and(
      eq(robotMcpTools.robotId, sql.placeholder('robotId')), eq(mcpTools.enabled, true), eq(mcpServices.enabled, true),
      usableBy(sql.placeholder('groupId')),
    ))
    .orderBy(asc(mcpTools.id)).prepare('enabled_robot_tools')).execute({ robotId, groupId });
}
