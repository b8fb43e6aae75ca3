import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { Code } from '@xueban/contract/codes';
import { MSG } from '@xueban/contract/messages';
import type { Config } from '../config.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Finds the built web app: WEB_DIST, else apps/web/dist from source or from the bundle. */
function webDist(config: Config): string | null {
  const candidates = [config.WEB_DIST, path.resolve(here, '../../../web/dist'), path.resolve(here, '../../web/dist')];
  return candidates.find((c): c is string => !!c && existsSync(path.join(c, 'index.html'))) ?? null;
}

/**
 * Serves the SPA in production. Unknown API paths answer the 404 envelope; any other GET
 * gets index.html so the client router can show its own page (including /404).
 */
export async function serveWeb(app: FastifyInstance, config: Config) {
  const root = webDist(config);
  if (root) {
    await app.register(fastifyStatic, {
      // One wildcard route looks files up when asked: a route per web file (hundreds, with their
      // HEAD twins) cost most of a start's route registration. A path with no file falls to the
      // not-found handler below, as an unregistered path did.
      root, wildcard: true, index: false,
      // A folder's address ("/", "/assets/") has no file: send would answer 403; the page is index.html.
      allowedPath: (pathName) => !pathName.endsWith('/'),
      // The web build writes .br and .gz beside each file; a browser that accepts them gets those.
      preCompressed: true,
      // Our own cache-control only: send's default (public, max-age=0) would be written over it.
      // Hashed assets never change; anything else (index.html, version.json) is checked each time.
      cacheControl: false,
      setHeaders: (res, file) => {
        const hashed = file.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    if (root && req.method === 'GET' && !req.url.startsWith('/api/')) {
      return reply.sendFile('index.html');
    }
    return reply.status(404).send({ code: Code.NOT_FOUND, msg: MSG.notFound, data: null, request_id: req.id });
  });
}
