import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../types.ts';
import type { ExecuteSql } from '../db/client.ts';
import { nodeName } from '../lib/node-name.ts';
import { JobHeartbeat, beatWhileWorking } from './heartbeat.ts';

export type { Job } from 'pg-boss';

/**
 * The job queue: pg-boss on the same Postgres as everything else (PGlite embedded, or the
 * server), through our own connection, so no deployment needs anything more. Jobs survive
 * restarts; a job whose node died is handed to another by the heartbeat (jobs/heartbeat.ts),
 * and pg-boss's own expiry stays as the last resort.
 */
const SCHEMA = 'pgboss';

/**
 * Creates pg-boss's tables and functions, as its first start does. A build runs this into the
 * database seed (db/seed.ts), so a first start finds them made instead of paying for it.
 */
export async function installQueueSchema(executeSql: ExecuteSql): Promise<void> {
  const boss = new PgBoss({ db: { executeSql }, schema: SCHEMA, schedule: false, supervise: false });
  await boss.start();
  await boss.stop({ graceful: false, wait: true, close: false });
}

export async function startQueue(deps: Pick<Deps, 'executeSql' | 'db' | 'config'>, log: FastifyBaseLogger): Promise<{ queue: PgBoss; heartbeat: JobHeartbeat }> {
  const boss = new PgBoss({
    db: { executeSql: deps.executeSql },
    schema: SCHEMA,
    // Nothing here needs cron; the maintenance loop expires dead jobs and prunes old ones.
    schedule: false,
    maintenanceIntervalSeconds: 60,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  const heartbeat = new JobHeartbeat(deps.db, nodeName(deps.config), deps.config.JOB_STALE_SECONDS, log);
  beatWhileWorking(boss, heartbeat);
  // Only nodes that run jobs had any to release, and sweep for the others (WORKERS=0 serves requests only).
  if (deps.config.WORKERS) {
    await heartbeat.releaseOwn(boss);
    heartbeat.startSweeping(boss);
  }
  return { queue: boss, heartbeat };
}
