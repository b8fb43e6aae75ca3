import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@xueban/contract/messages';
import { LIMITS } from '@xueban/contract/limits';
import { startQueue } from './jobs/queue.ts';
import type { Deps, RouteEntry } from './types.ts';
import { enforceAccess, resolveAuth } from './lib/auth.ts';
import { installErrorHandler } from './lib/error-handler.ts';
import { responseSerializer } from './lib/response-serializer.ts';
import { forbidden, tooMany } from './lib/errors.ts';
import { checkOrigin } from './lib/origin.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { passportRoutes } from './modules/passport/passport.routes.ts';
import { userRoutes } from './modules/users/users.routes.ts';
import { developerRoutes } from './modules/developers/developers.routes.ts';
import { groupRoutes } from './modules/groups/groups.routes.ts';
import { orgManageRoutes } from './modules/groups/org-manage.routes.ts';
import { groupAppRoutes } from './modules/group-apps/group-apps.routes.ts';
import { appStoreRoutes } from './modules/app-store/app-store.routes.ts';
import { ssoRoutes } from './modules/sso/sso.routes.ts';
import { filesPlugin } from './modules/files/files.plugin.ts';
import { notificationRoutes } from './modules/notifications/notifications.routes.ts';
import { settingRoutes } from './modules/settings/settings.routes.ts';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes.ts';
import { bannerRoutes } from './modules/banners/banners.routes.ts';
import { feedbackRoutes } from './modules/feedback/feedback.routes.ts';
import { robotRoutes } from './modules/robots/robots.routes.ts';
import { robotMemberRoutes } from './modules/robots/robot-members.routes.ts';
import { sceneRoutes } from './modules/robots/scenes.routes.ts';
import { releaseRoutes } from './modules/releases/releases.routes.ts';
import { teamRoutes } from './modules/teams/teams.routes.ts';
import { classRoutes } from './modules/teams/classes.routes.ts';
import { chatSessionRoutes } from './modules/chat/sessions.routes.ts';
import { teachingConsoleRoutes } from './modules/chat/teaching.routes.ts';
import { chatPlugin } from './modules/chat/chat.plugin.ts';
import { aiModelRoutes } from './modules/ai-models/ai-models.routes.ts';
import { mcpRoutes } from './modules/mcp/mcp.routes.ts';
import { sensitiveRoutes } from './modules/sensitive/sensitive.routes.ts';
import { safetyRoutes } from './modules/safety/safety.routes.ts';
import { knowledgePlugin } from './modules/knowledge/knowledge.plugin.ts';
import { robotContentRoutes } from './modules/robot-contents/robot-contents.routes.ts';
import { intentRoutes } from './modules/intents/intents.routes.ts';
import { courseRoutes } from './modules/courses/courses.routes.ts';
import { trainingRoutes } from './modules/training/training.routes.ts';
import { resourceRoutes } from './modules/resources/resources.routes.ts';
import { markingPlugin } from './modules/marking/marking.plugin.ts';
import { voicePlugin } from './modules/voice/voice.plugin.ts';
import { robotApiKeyRoutes } from './modules/robot-api/keys.routes.ts';
import { embedScriptRoute, openAiRoutes } from './modules/robot-api/openai.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { helpCenterRoutes } from './modules/settings/help-center.routes.ts';
import { serveWeb } from './lib/web.ts';
import { logStream } from './lib/log-format.ts';
import { htmlPreviewRoute, registerSecurityHeaders } from './lib/security-headers.ts';

// Validation messages a user may read are Chinese, like the rest of the product.
z.config(z.locales.zhCN());

export async function buildApp(deps: Deps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : {
      level: config.LOG_LEVEL, redact: ['req.headers["x-token"]', 'req.headers.cookie'],
      // LOG_FORMAT=text (the default) prints each entry as one readable line; json keeps pino's lines.
      ...(config.LOG_FORMAT === 'text' ? { stream: logStream(config.LOG_FORMAT) } : {}),
    },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    // Only the named proxies' X-Forwarded-* count (Fastify checks the connecting address against them).
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    bodyLimit: 2 * 1024 * 1024,
  });
  app.decorate('deps', deps);
  app.decorate('routeTable', [] as RouteEntry[]);
  const { queue, heartbeat } = await startQueue(deps, app.log);
  app.decorate('queue', queue);
  // Registered first, so it runs after the modules' own close hooks: running jobs finish or are released.
  app.addHook('onClose', async () => {
    heartbeat.stop();
    await queue.stop({ graceful: true, wait: true, timeout: 10_000 });
  });
  app.decorateRequest('auth', null);
  app.decorateRequest('authError', null);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(!config.isProduction));
  installErrorHandler(app);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access`);
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      app.routeTable.push({
        method, url: route.url, access, schema: route.schema,
        tenant: route.config?.tenant, tenantExempt: route.config?.tenantExempt,
      });
    }
  });

  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
    reply.header('x-content-type-options', 'nosniff');
  });

  await app.register(cookie);
  await registerSecurityHeaders(app, config);
  // Access is enforced before the body is parsed, so an anonymous caller never costs a parse.
  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config?.access;
    if (!access) return;
    if (access !== 'public') await resolveAuth(deps.db, req);
    if (req.auth?.via === 'cookie' && !checkOrigin(req, config)) throw forbidden(MSG.originRejected);
    enforceAccess(req, access);
  });

  await app.register(multipart, { limits: { fileSize: LIMITS.upload.fileBytes, files: 1, fields: 20, fieldSize: 64 * 1024 } });
  // With Redis every node counts the same windows; the connection ends with the app.
  app.addHook('onClose', async () => deps.cluster.close());
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    // Request limits are abuse brakes: while Redis is away they let requests through (the login
    // lock, counted apart in lib/attempt-window.ts, refuses instead).
    ...(deps.cluster.rateLimitRedis ? { redis: deps.cluster.rateLimitRedis, nameSpace: 'xueban:rl:', skipOnError: true } : {}),
    errorResponseBuilder: () => tooMany(),
  });
  await app.register(swagger, {
    openapi: { info: { title: '学伴 AI API', version: '0.1.0' } },
    transform: jsonSchemaTransform,
  });
  // The docs page brings its own inline script; staticCSP gives it a policy that allows just that.
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const zapp = app.withTypeProvider<ZodTypeProvider>();
  await zapp.register(healthRoutes);
  await htmlPreviewRoute(app, config);
  await zapp.register(passportRoutes);
  await zapp.register(userRoutes);
  await zapp.register(developerRoutes);
  await zapp.register(groupRoutes);
  await zapp.register(orgManageRoutes);
  await zapp.register(groupAppRoutes);
  await zapp.register(appStoreRoutes);
  await zapp.register(ssoRoutes);
  await zapp.register(filesPlugin);
  await zapp.register(notificationRoutes);
  await zapp.register(settingRoutes);
  await zapp.register(onboardingRoutes);
  await zapp.register(bannerRoutes);
  await zapp.register(feedbackRoutes);
  await zapp.register(robotRoutes);
  await zapp.register(robotMemberRoutes);
  await zapp.register(sceneRoutes);
  await zapp.register(releaseRoutes);
  await zapp.register(teamRoutes);
  await zapp.register(classRoutes);
  await zapp.register(chatSessionRoutes);
  await zapp.register(teachingConsoleRoutes);
  await zapp.register(chatPlugin);
  await zapp.register(aiModelRoutes);
  await zapp.register(mcpRoutes);
  await zapp.register(sensitiveRoutes);
  await zapp.register(safetyRoutes);
  await zapp.register(knowledgePlugin);
  await zapp.register(robotContentRoutes);
  await zapp.register(intentRoutes);
  await zapp.register(courseRoutes);
  await zapp.register(trainingRoutes);
  await zapp.register(resourceRoutes);
  await zapp.register(markingPlugin);
  await zapp.register(voicePlugin);
  await zapp.register(robotApiKeyRoutes);
  await app.register(openAiRoutes, { prefix: '/v1' });
  await app.register(embedScriptRoute);
  await zapp.register(adminRoutes);
  await zapp.register(auditRoutes);
  await zapp.register(helpCenterRoutes);
  await serveWeb(app, config);
  return app;
}
