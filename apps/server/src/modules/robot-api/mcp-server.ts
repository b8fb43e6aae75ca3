import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../../types.ts';
import { findRobot } from '../robots/robot-records.service.ts';
import { OpenAiError, type KeyCaller } from './key-auth.ts';
import { completion } from './openai.service.ts';

/** The one tool a robot offers as an MCP server. */
export const ASK_TOOL = 'ask';

/**
 * The robot as an MCP server (issue 19, point 5): an MCP client elsewhere (a school's own agent, an
 * IDE) connects to POST /v1/mcp with the robot's API key and gets one tool, `ask`, whose answer is
 * the robot's — the same path as /v1/chat/completions (limits, prompt, knowledge, intents, tools,
 * moderation, stored under the key's session). Stateless streamable HTTP: one server per request,
 * so any node answers any request.
 */
export async function serveRobotMcp(deps: Deps, req: FastifyRequest, reply: FastifyReply, caller: KeyCaller) {
  const robot = await findRobot(deps.db, caller.key.robotId);
  if (!robot) throw new OpenAiError(404, 'invalid_request_error', 'model_not_found', '机器人不存在');

  // The MCP SDK takes ~0.4 s to load: loaded at the first MCP request, not at every start.
  const [{ McpServer }, { StreamableHTTPServerTransport }] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/mcp.js'),
    import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
  ]);
  const server = new McpServer({ name: `xueban-robot-${robot.code}`, version: '1.0.0' });
  server.registerTool(ASK_TOOL, {
    title: `向「${robot.name}」提问`,
    description: `把问题交给学伴 AI 的机器人「${robot.name}」回答${robot.info ? `：${robot.info}` : ''}。回答基于它的知识库和设定。`,
    inputSchema: {
      question: z.string().trim().min(1).max(2000).describe('要问的问题'),
      user: z.string().trim().min(1).max(64).optional().describe('提问者的标识（同一标识的问题归入同一会话）'),
    },
  }, async ({ question, user }) => {
    try {
      const answer = await completion(deps, req, reply, caller, {
        model: robot.code, stream: false, messages: [{ role: 'user', content: question }], ...(user ? { user } : {}),
      }, {});
      const text = answer?.choices[0]?.message.content ?? '';
      const cited = [...new Set((answer?.sources ?? []).map((s) => s.document_name).filter(Boolean))];
      return {
        content: [{ type: 'text' as const, text: cited.length ? `${text}\n\n来源：${cited.join('、')}` : text }],
      };
    } catch (err) {
      // Limits and refusals reach the calling model as a failed tool result, in the robot's words.
      const message = err instanceof Error ? err.message : String(err);
      return { isError: true, content: [{ type: 'text' as const, text: message }] };
    }
  });

  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  reply.hijack();
  reply.raw.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req.raw, reply.raw, req.body);
}
