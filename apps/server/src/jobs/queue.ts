import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { ExecuteSql } from '../db/client.ts';

export type { Job } from 'pg-boss';

/**
 * The job queue: pg-boss on the same Postgres as everything else (PGlite embedded, or the
 * server), through our own connection, so no deployment needs anything more. Jobs survive
 * restarts; a job whose worker died expires and is retried.
 */
export async function startQueue(executeSql: ExecuteSql, log: FastifyBaseLogger): Promise<PgBoss> {
  const boss = new PgBoss({
    db: { executeSql },
    schema: 'pgboss',
    // Nothing here needs cron; the maintenance loop expires dead jobs and prunes old ones.
    schedule: false,
    maintenanceIntervalSeconds: 60,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  return boss;
}
