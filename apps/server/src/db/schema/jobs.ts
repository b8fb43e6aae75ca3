import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The queue jobs running now, one row per job, beaten by the node running it (jobs/heartbeat.ts).
 * pg-boss 10 has no worker heartbeat: without this a job whose node died waits for its expiry
 * (minutes). Not tenant data: a job id, its queue and a node name, gone when the job ends.
 */
export const jobBeats = pgTable(
  'job_beats',
  {
    /** pg-boss's job id (a uuid). */
    jobId: text('job_id').primaryKey(),
    queue: text('queue').notNull(),
    /** NODE_NAME of the node running it (lib/node-name.ts). */
    node: text('node').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    beatAt: timestamp('beat_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_beats_beat_at_idx').on(t.beatAt)],
);
