import path from 'node:path';
import type { Config } from '../config.ts';
import { MIGRATIONS_DIR, createDatabase, type Database } from './client.ts';
import { isMigrated, markMigrated, migrationsFingerprint, prepareFirstStart } from './seed.ts';

/**
 * The server's database, opened and migrated as a start needs it. PostgreSQL when DATABASE_URL is
 * set; else PGlite under DATA_DIR/db, which a first start makes from the build's seed (db/seed.ts:
 * the seed directory copied into place, or the dump loaded) and a restart of the same build opens
 * without running the migrator. `phase` is told when each step ends, for the start-up timings.
 */
export async function openDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>,
  opts: { seedsDir?: string; phase?: (name: 'seed' | 'open' | 'migrate') => void } = {},
): Promise<{ database: Database; dbDir: string }> {
  const phase = opts.phase ?? (() => {});
  const dbDir = path.resolve(config.DATA_DIR, 'db');
  const embedded = !config.DATABASE_URL;
  const fingerprint = embedded ? migrationsFingerprint(MIGRATIONS_DIR) : '';
  // A build ships the migrated empty database beside its migrations.
  const seed = embedded ? prepareFirstStart(opts.seedsDir ?? path.dirname(MIGRATIONS_DIR), fingerprint, dbDir) : undefined;
  phase('seed');
  const database = await createDatabase({ url: config.DATABASE_URL, dataDir: dbDir, seed });
  phase('open');
  // An embedded database records the migrations it was brought to: a restart of the same build skips the migrator.
  if (!embedded || !isMigrated(dbDir, fingerprint)) {
    await database.migrate();
    if (embedded) markMigrated(dbDir, fingerprint);
  }
  phase('migrate');
  return { database, dbDir };
}
