import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

/**
 * A seed is an empty embedded database with every migration applied, as PGlite's gzipped data
 * directory. Creating a database from nothing (PGlite's initdb) is most of a first start and of
 * each test file's set-up; loading a seed takes a third of that. The seed is only a head start:
 * `migrate()` still runs after it, so durability and the applied migrations are the same.
 */

/** Names the migrations a seed was made from: a seed for other migrations is never loaded. */
export function migrationsFingerprint(migrationsDir: string): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(migrationsDir).filter((n) => n.endsWith('.sql')).sort()) {
    hash.update(name).update(readFileSync(path.join(migrationsDir, name)));
  }
  hash.update(readFileSync(path.join(migrationsDir, 'meta', '_journal.json')));
  return hash.digest('hex').slice(0, 16);
}

/** The seed file for these migrations inside `dir`. */
export const seedPath = (dir: string, migrationsDir: string) =>
  path.join(dir, `db-seed-${migrationsFingerprint(migrationsDir)}.tar.gz`);

/** Makes the seed for these migrations at `file` (written beside, then renamed: readers never see half a file). */
export async function writeSeed(migrationsDir: string, file: string): Promise<void> {
  const client = await PGlite.create('memory://', { extensions: { vector } });
  try {
    await migrate(drizzle({ client }), { migrationsFolder: migrationsDir });
    const dump = await client.dumpDataDir('gzip');
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await client.close();
  }
}

/** The seed at `file`, when there is one. */
export function readSeed(file: string): Blob | undefined {
  return existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
}
