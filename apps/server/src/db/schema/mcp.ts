import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { McpTransport } from '@xueban/contract/mcp';
import { groups } from './groups.ts';
import { users } from './users.ts';
import { robots } from './robots.ts';

/**
 * MCP 管理 (issue 19): an MCP server robots may call tools of. `group_id` null is a platform-wide
 * service (the super admin's, usable by every organisation's robots); otherwise the organisation's.
 * Headers are sealed (secret-box, like provider keys) as one JSON object and never returned in full.
 */
export const mcpServices = pgTable(
  'mcp_services',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    transport: text('transport').$type<McpTransport>().notNull(),
    url: text('url').notNull(),
    headersEnc: text('headers_enc').notNull().default(''),
    /** One tool call's limit, in seconds. */
    timeoutSec: integer('timeout_sec').notNull().default(60),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mcp_services_group_idx').on(t.groupId, t.id)],
);

/** A tool the service listed when it was last saved: offered to robots that enable it. */
export const mcpTools = pgTable(
  'mcp_tools',
  {
    id: serial('id').primaryKey(),
    serviceId: integer('service_id').notNull().references(() => mcpServices.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    inputSchema: jsonb('input_schema').$type<Record<string, unknown>>().notNull().default({}),
    /** Off: no robot is offered it, whatever the robot says. */
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [uniqueIndex('mcp_tools_service_name_idx').on(t.serviceId, t.name)],
);

/** A robot's enabled tools (its design page's 工具 section). */
export const robotMcpTools = pgTable(
  'robot_mcp_tools',
  {
    robotId: integer('robot_id').notNull().references(() => robots.id, { onDelete: 'cascade' }),
    toolId: integer('tool_id').notNull().references(() => mcpTools.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.robotId, t.toolId] }), index('robot_mcp_tools_tool_idx').on(t.toolId)],
);
