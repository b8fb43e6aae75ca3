/** Calls of MCP 管理 (admin, organisation) and a robot's tools (issue 19). See call.ts. */
import { z } from 'zod';
import { defineCalls, get, post } from '../call.ts';
import {
  mcpIdBody, mcpListQuery, mcpSaveBody, mcpServiceItemSchema, mcpToolItemSchema, mcpToolListQuery, mcpToolUpdateBody,
  mcpUpdateBody, robotToolItemSchema, robotToolListQuery, robotToolUpdateBody,
} from '../mcp.ts';
import { noData } from '../uc.ts';

/** /api/ai/admin.Mcp/*: save and update connect to the server and list its tools (60 s at most). */
export const AdminMcp = defineCalls('/api/ai/admin.Mcp', {
  lists: get('MCP 服务列表（平台与本组织）', mcpListQuery, z.array(mcpServiceItemSchema)),
  save: post('新增 MCP 服务（连接并读取工具，60 秒内）', mcpSaveBody, mcpServiceItemSchema),
  update: post('修改 MCP 服务（重新连接并读取工具，60 秒内）', mcpUpdateBody, mcpServiceItemSchema),
  delete: post('删除 MCP 服务', mcpIdBody, noData),
});

/** /api/ai/admin.McpTool/*: a service's tools, on or off for every robot. */
export const AdminMcpTool = defineCalls('/api/ai/admin.McpTool', {
  lists: get('MCP 工具列表', mcpToolListQuery, z.array(mcpToolItemSchema)),
  update: post('启用或停用 MCP 工具', mcpToolUpdateBody, noData),
});

/** /api/ai/RobotTool/*: the robot design page's 工具 section. */
export const RobotTool = defineCalls('/api/ai/RobotTool', {
  lists: get('机器人可用的工具', robotToolListQuery, z.array(robotToolItemSchema)),
  update: post('为机器人启用或停用工具', robotToolUpdateBody, noData),
});
