// The ceiling for the HTTP bench: the same Fastify the server uses, no plugins, no database,
// no hooks, one route returning a small JSON. Run as its own process by bench/lib/server.mjs.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 3999) });
for (const sig of ['SIGTERM', 'SIGINT']) {
  process.on(sig, () => app.close().then(() => process.exit(0)));
}
