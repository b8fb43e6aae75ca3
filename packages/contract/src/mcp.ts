/** Schemas of MCP 管理 and a robot's tools (issue 19; spec §7 "MCP lists/save/update/delete, McpTool lists/update"). */
import { z } from 'zod';
import { num } from './number.ts';
import { MSG } from './messages.ts';
import { idSchema } from './uc.ts';

import { MCP_TIMEOUT_MAX_SEC, MCP_TRANSPORTS } from './constants/mcp.ts';

export * from './constants/mcp.ts';

const headerName = z.string().trim().min(1, MSG.mcpHeaderNameRequired).max(100).regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, MSG.mcpHeaderNameInvalid);
/**
 * A header as sent. On update a value left as it was read (masked) or empty keeps the stored one.
 * Values are sent literally: no `${VAR}` or template is ever expanded (design.md §8).
 */
export const mcpHeaderSchema = z.object({ name: headerName, value: z.string().max(4000).regex(/^[^\r\n]*$/, MSG.mcpHeaderValueInvalid) });

export const mcpSaveBody = z.object({
  name: z.string().trim().min(1, MSG.mcpNameRequired).max(50, MSG.mcpNameTooLong),
  transport: z.enum(MCP_TRANSPORTS).default('streamable_http'),
  url: z.string().trim().min(1, MSG.mcpUrlRequired).max(2000).url(MSG.mcpUrlInvalid).refine((u) => /^https?:\/\//i.test(u), MSG.mcpUrlInvalid),
  headers: z.array(mcpHeaderSchema).max(20).default([]),
  timeout: num(z.number().int().min(1).max(MCP_TIMEOUT_MAX_SEC)).default(60),
  /** Super admin only: 1 makes it a platform-wide service every organisation's robots may use. */
  is_platform: num(z.number().int().min(0).max(1)).default(0),
});
export const mcpUpdateBody = mcpSaveBody.extend({ id: idSchema, is_platform: num(z.number().int().min(0).max(1)).optional() });
export const mcpIdBody = z.object({ id: idSchema });
export const mcpListQuery = z.object({});

export const mcpServiceItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  transport: z.enum(MCP_TRANSPORTS),
  url: z.string(),
  /** Values masked: enough to recognise, never enough to use. */
  headers: z.array(z.object({ name: z.string(), value: z.string() })),
  timeout: z.number(),
  is_platform: z.number(),
  /** 1 when the caller may edit or delete it (a platform service is the super admin's). */
  editable: z.number(),
  tool_count: z.number(),
  create_time: z.number(),
});
export type McpServiceItem = z.output<typeof mcpServiceItemSchema>;

export const mcpToolItemSchema = z.object({
  id: z.number(),
  service_id: z.number(),
  service_name: z.string(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  input_schema: z.record(z.string(), z.unknown()),
  enabled: z.number(),
});
export type McpToolItem = z.output<typeof mcpToolItemSchema>;

export const mcpToolListQuery = z.object({ service_id: idSchema.optional() });
export const mcpToolUpdateBody = z.object({ id: idSchema, enabled: num(z.number().int().min(0).max(1)) });

/** The robot's design page, 工具 section: every tool it may use, and whether it does. */
export const robotToolListQuery = z.object({ robot_id: idSchema });
export const robotToolItemSchema = mcpToolItemSchema.extend({ robot_enabled: z.number() });
export type RobotToolItem = z.output<typeof robotToolItemSchema>;
export const robotToolUpdateBody = z.object({ robot_id: idSchema, tool_id: idSchema, enabled: num(z.number().int().min(0).max(1)) });
