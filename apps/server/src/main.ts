import pino from 'pino';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/open.ts';
import { buildApp } from './app.ts';
import { bootstrap } from './bootstrap.ts';
import { DEMO_ROBOT_NAME } from './demo-content.ts';
import { createDeps } from './deps.ts';
import { logStream } from './lib/log-format.ts';
import { listModels } from './modules/ai-models/models.service.ts';
import { startLines } from './start-lines.ts';

/** Boot: config → database → migrations → first-boot data → app → listen, with graceful shutdown. */
async function main() {
  const started = performance.now();
  // Where a start spends its time, per phase (ms), in the json `ready` entry: first starts must stay fast.
  const phases: Record<string, number> = { modules: Math.round(started) };
  let mark = started;
  const phase = (name: string) => {
    const now = performance.now();
    phases[name] = Math.round(now - mark);
    mark = now;
  };
  const config = loadConfig();
  const stream = logStream(config.LOG_FORMAT);
  const log = stream ? pino({ level: config.LOG_LEVEL }, stream) : pino({ level: config.LOG_LEVEL });
  if (config.isProduction && !config.PUBLIC_URL && !config.trustProxy.length) {
    // Behind a TLS proxy the browser's https Origin matches neither this server's own address
    // nor PUBLIC_URL, so every cookie-authenticated write would be refused as cross-site.
    log.warn('PUBLIC_URL and TRUST_PROXY are unset: behind a reverse proxy set PUBLIC_URL (the address users open), or TRUST_PROXY (the proxy addresses)');
  }
  phase('config');
  const { database, dbDir } = await openDatabase(config, { phase });
  // The first boot's admin and demo content are written while the routes are registered: the
  // password hash runs on libuv's pool, and the app serves nothing until both are done.
  const [boot, app] = await Promise.all([
    bootstrap(database.db, config, log).finally(() => phase('bootstrap')),
    buildApp(createDeps(database, config, log)).finally(() => phase('app')),
  ]);
  // A class opening the chat at once can connect a thousand times within a second, while the
  // thread is busy: Node's default accept backlog (511) would drop the rest to a 1 s SYN retry
  // (the kernel caps it at net.core.somaxconn).
  await app.listen({ host: config.HOST, port: config.PORT, backlog: 4096 });
  phase('listen');
  const address = app.server.address();
  const lines = startLines({
    publicUrl: config.PUBLIC_URL, host: config.HOST, port: typeof address === 'object' && address ? address.port : config.PORT,
    database: config.DATABASE_URL ? { kind: 'postgres', url: config.DATABASE_URL } : { kind: 'pglite', dir: dbDir },
    envModel: config.LLM_BASE_URL && config.LLM_MODEL ? { model: config.LLM_MODEL, baseUrl: config.LLM_BASE_URL } : null,
    models: (await listModels(database.db)).filter((m) => m.enabled).map((m) => ({ label: m.label || m.model, isDefault: !!m.is_default })),
    admin: { account: boot.adminAccount, generatedPassword: boot.generatedPassword },
    demoRobot: boot.demo ? DEMO_ROBOT_NAME : null,
  });
  if (config.LOG_FORMAT === 'json') {
    // Structured: one entry per fact (the generated password stays off the log, printed once below).
    for (const line of lines.filter((l) => !l.includes('初始密码'))) app.log.info({ start: true }, line);
    app.log.info({ db: database.kind, ms: Math.round(performance.now() - started), phases }, 'ready');
    const secret = lines.find((l) => l.includes('初始密码'));
    if (secret) console.log(secret);
  } else {
    console.log(`\n${lines.map((l) => `  ${l}`).join('\n')}\n`);
    app.log.debug({ db: database.kind, ms: Math.round(performance.now() - started), phases }, 'ready');
  }

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
