import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import type { Config } from '../config.ts';
import { readEmbedTicket } from './embed-ticket.ts';

/**
 * `embed=1` pages (spec §2) are made to be framed by other sites; every other page only by ours.
 * A visitor's chat opened by /embed.js (issue 25) carries a ticket naming the one page origin its
 * robot's embed key allowed: only that origin may frame it (an invalid ticket: none may).
 */
function frameAncestors(config: Config) {
  const embedders = config.embedOrigins.length ? config.embedOrigins : ['*'];
  return (req: IncomingMessage) => {
    const query = new URLSearchParams((req.url ?? '').split('?')[1] ?? '');
    if (query.get('embed') !== '1') return "'self'";
    const ticket = query.get('ticket');
    if (ticket) return readEmbedTicket(config.APP_SECRET, ticket)?.origin ?? "'none'";
    return embedders.join(' ');
  };
}

/**
 * Where the browser sends a direct upload (issue 21): the configured S3 endpoint's origin, or AWS's
 * own hosts when none is named. Nothing else leaves the page for another origin.
 */
function uploadOrigins(config: Config): string[] {
  if (!config.S3_BUCKET) return [];
  return [config.S3_ENDPOINT ? new URL(config.S3_ENDPOINT).origin : 'https://*.amazonaws.com'];
}

/**
 * The usual security headers on every response (helmet), with a Content-Security-Policy the
 * built web app passes: scripts only from this origin (the build has no inline script), styles
 * inline too (antd writes its CSS-in-JS into style elements), pictures and media from here or
 * data/blob URLs (an answer's outside image is never loaded, SafeImage), no plugins.
 * X-Frame-Options cannot say "any site for embed pages", so frame-ancestors alone decides framing.
 * No upgrade-insecure-requests: a school may serve plain http on its own network.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        mediaSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", ...uploadOrigins(config)],
        frameSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: [frameAncestors(config)],
      },
    },
    xFrameOptions: false,
    strictTransportSecurity: { maxAge: 180 * 86_400, includeSubDomains: false },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onSend', async (_req, reply) => {
    // The microphone is for the voice view; nothing here uses the camera or location.
    reply.header('permissions-policy', 'camera=(), geolocation=(), payment=(), microphone=(self)');
  });
}

/**
 * The HTML preview's frame (运行 on an HTML code block). A srcdoc frame would inherit the app's
 * policy, which rightly blocks the inline scripts such a page is made of; this page has its own
 * policy instead, and `sandbox allow-scripts` in it keeps the page in an opaque origin even when
 * opened on its own: it can run its scripts but never read our cookies, storage or API.
 */
/** Outside /api: a page, not a call (no envelope, no access rule). */
export const HTML_PREVIEW_PATH = '/sandbox/html-preview';
const HTML_PREVIEW_PAGE = `<!doctype html><meta charset="utf-8"><script>
addEventListener('message', function write(e) {
  if (e.source !== parent || typeof e.data !== 'string') return;
  removeEventListener('message', write);
  document.open(); document.write(e.data); document.close();
});
</script>`;

export async function htmlPreviewRoute(app: FastifyInstance, config: Config) {
  // Every ancestor counts, so inside an embed=1 page the frame needs the embedders too.
  const ancestors = ["'self'", ...(config.embedOrigins.length ? config.embedOrigins : ['*'])];
  app.get(HTML_PREVIEW_PATH, {
    schema: { hide: true },
    helmet: {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ['*', 'data:', 'blob:', "'unsafe-inline'", "'unsafe-eval'"],
          sandbox: ['allow-scripts'],
          frameAncestors: ancestors,
        },
      },
    },
  }, async (_req, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(HTML_PREVIEW_PAGE));
}
