import path from 'node:path';
import pino from 'pino';
import { ConfigError, loadConfig } from './config.ts';
import { createDatabase } from './db/client.ts';
import { buildApp } from './app.ts';
import { bootstrap } from './bootstrap.ts';
import { createDeps } from './deps.ts';

/** Boot: config → database → migrations → first-boot data → app → listen, with graceful shutdown. */
async function main() {
  const started = performance.now();
  const config = loadConfig();
  const log = pino({ level: config.LOG_LEVEL });
  if (config.isProduction && !config.PUBLIC_URL && !config.trustProxy.length) {
    // Behind a TLS proxy the browser's https Origin matches neither this server's own address
    // nor PUBLIC_URL, so every cookie-authenticated write would be refused as cross-site.
    log.warn('PUBLIC_URL and TRUST_PROXY are unset: behind a reverse proxy set PUBLIC_URL (the address users open), or TRUST_PROXY (the proxy addresses)');
  }
  const database = await createDatabase({ url: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'db') });
  await database.migrate();
  await bootstrap(database.db, config, log);
  const app = await buildApp(createDeps(database, config, log));
  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info({ db: database.kind, ms: Math.round(performance.now() - started) }, 'ready');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await database.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
