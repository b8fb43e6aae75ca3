import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { EMBED_SCRIPT } from './embed-script.ts';
import { embedRobot, embedTicket } from './embed.service.ts';
import { OpenAiError, keyOfRequest, requestOrigin } from './key-auth.ts';
import { completion, completionBody, listModels } from './openai.service.ts';
import { serveRobotMcp } from './mcp-server.ts';

/**
 * The robot as a model (issue 25): OpenAI's /v1/models and /v1/chat/completions, and the embed
 * script with its two helpers. Outside the /api call contract on purpose (docs/decisions.md
 * "Robots as services"): OpenAI's clients speak this shape, so answers and errors are OpenAI's
 * ({error:{message,type,param,code}}), authenticated by the key, not the session.
 * Kept thin: the rules are in key-auth.ts, openai.service.ts and embed.service.ts.
 */
/** Registered with the prefix /v1 (so its 404 and errors are OpenAI's too). */
export const openAiRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;

  /** Any page may ask (the key decides who is served): the origin is echoed so browsers can read refusals too. */
  const cors = (req: FastifyRequest): Record<string, string> => {
    const origin = requestOrigin(req);
    return origin ? { 'access-control-allow-origin': origin, vary: 'Origin' } : {};
  };

  app.setErrorHandler((err: FastifyError | OpenAiError, req, reply) => {
    const e = err instanceof OpenAiError ? err
      : err.validation || err.statusCode === 400 || err.statusCode === 415
        ? new OpenAiError(400, 'invalid_request_error', 'invalid_request', `请求格式不正确：${err.message}`)
        : (req.log.error({ err }, 'v1 request failed'), new OpenAiError(500, 'api_error', 'internal_error', '服务器内部错误'));
    return reply.code(e.status).headers({ ...cors(req), ...e.headers }).send(e.body());
  });
  app.setNotFoundHandler((req, reply) => reply.code(404).headers(cors(req))
    .send(new OpenAiError(404, 'invalid_request_error', 'unknown_url', `未知的接口：${req.method} ${req.url.split('?')[0]}`).body()));

  app.options('/*', { schema: { hide: true } }, async (req, reply) => reply.code(204).headers({
    ...cors(req), 'access-control-allow-methods': 'GET, POST, OPTIONS',
    'access-control-allow-headers': 'authorization, content-type, mcp-protocol-version, mcp-session-id, last-event-id, openai-organization, openai-project, x-stainless-os, x-stainless-lang, x-stainless-package-version, x-stainless-runtime, x-stainless-runtime-version, x-stainless-arch, x-stainless-retry-count, x-stainless-timeout, x-stainless-helper-method, x-stainless-async',
    'access-control-max-age': '600',
  }).send());

  app.get('/models', { schema: { hide: true } }, async (req, reply) => {
    const caller = await keyOfRequest(deps, req);
    return reply.headers(cors(req)).send(await listModels(deps, caller));
  });

  app.post('/chat/completions', { schema: { hide: true }, bodyLimit: 1024 * 1024 }, async (req, reply: FastifyReply) => {
    const caller = await keyOfRequest(deps, req);
    const parsed = completionBody.safeParse(req.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new OpenAiError(400, 'invalid_request_error', 'invalid_value', issue?.message ?? '请求格式不正确', issue?.path.join('.') || null);
    }
    const answer = await completion(deps, req, reply, caller, parsed.data, cors(req));
    return answer === null ? reply : reply.headers(cors(req)).send(answer);
  });

  // The robot as an MCP server (mcp-server.ts): stateless streamable HTTP, so only POST; an API key only.
  app.post('/mcp', { schema: { hide: true }, bodyLimit: 1024 * 1024 }, async (req, reply) => {
    const caller = await keyOfRequest(deps, req);
    if (caller.key.kind !== 'api') throw new OpenAiError(403, 'permission_error', 'api_key_required', 'MCP 连接需要机器人的 API 密钥');
    await serveRobotMcp(deps, req, reply, caller);
    return reply;
  });
  const noSession = async (req: FastifyRequest, reply: FastifyReply) => reply.code(405).headers({ ...cors(req), allow: 'POST' })
    .send(new OpenAiError(405, 'invalid_request_error', 'method_not_allowed', '此 MCP 服务无会话：请用 POST 发送每个请求').body());
  app.get('/mcp', { schema: { hide: true } }, noSession);
  app.delete('/mcp', { schema: { hide: true } }, noSession);

  app.post('/embed/ticket', { schema: { hide: true } }, async (req, reply) => {
    const key = z.object({ key: z.string().min(1).max(200) }).safeParse(req.body);
    if (!key.success) throw new OpenAiError(400, 'invalid_request_error', 'invalid_value', '缺少嵌入密钥', 'key');
    return reply.headers(cors(req)).send(await embedTicket(deps, req, key.data.key));
  });

  app.get('/embed/robot', { schema: { hide: true } }, async (req, reply) => {
    const caller = await keyOfRequest(deps, req);
    return reply.headers(cors(req)).send(await embedRobot(deps, caller));
  });
};

/** /embed.js: the one-line embed's script (embed-script.ts). */
export const embedScriptRoute: FastifyPluginAsync = async (app) => {
  app.get('/embed.js', { schema: { hide: true } }, async (_req, reply) => reply
    .type('text/javascript; charset=utf-8')
    .header('cache-control', 'public, max-age=300')
    // Loaded by other sites' pages: helmet's same-origin resource policy would block it there.
    .header('cross-origin-resource-policy', 'cross-origin')
    .send(EMBED_SCRIPT));
};
