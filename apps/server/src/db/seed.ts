import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { installQueueSchema } from '../jobs/queue.ts';
import { openPglite, pgliteExecuteSql } from './pglite-instance.ts';

/**
 * A seed is an empty embedded database with every migration applied, as PGlite's gzipped data
 * directory. Creating a database from nothing (PGlite's initdb) is most of a first start and of
 * each test file's set-up; loading a seed takes a third of that. The seed is only a head start:
 * migrations it lacks are applied after it as usual (a seed records the migrations it holds, see
 * `markMigrated`), so the applied migrations are the same.
 *
 * A build ships the seed twice: the gzipped dump (for in-memory databases, as tests use) and the
 * same database as a plain PGlite directory. A first start on disk copies that directory with a
 * native copy (tens of ms) instead of unpacking the dump through PGlite's wasm file system (seconds).
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
export const seedPath = (dir: string, migrationsDir: string) => seedFile(dir, migrationsFingerprint(migrationsDir));
const seedFile = (dir: string, fingerprint: string) => path.join(dir, `db-seed-${fingerprint}.tar.gz`);

/** Makes the seed for these migrations at `file` (written beside, then renamed: readers never see half a file). */
export async function writeSeed(migrationsDir: string, file: string): Promise<void> {
  const client = await openPglite('memory://');
  try {
    await migrate(drizzle({ client }), { migrationsFolder: migrationsDir });
    // The job queue's own tables too: its first start would otherwise create them on every new database.
    await installQueueSchema(pgliteExecuteSql(client));
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

/** The seed directory for these migrations inside `dir` (a plain PGlite data directory). */
export const seedDirPath = (dir: string, migrationsDir: string) => seedDir(dir, migrationsFingerprint(migrationsDir));
const seedDir = (dir: string, fingerprint: string) => path.join(dir, `db-seed-${fingerprint}`);

/**
 * Makes the seed directory at `dir` from a seed dump of the migrations named by `fingerprint`
 * (made beside, then renamed: a half-made one is never found).
 */
export async function writeSeedDir(seed: Blob, dir: string, fingerprint: string): Promise<void> {
  const partial = `${dir}.${process.pid}.partial`;
  rmSync(partial, { recursive: true, force: true });
  const client = await openPglite(partial, seed);
  // A clean shutdown: the copy starts as a database closed normally, nothing to recover.
  await client.close();
  markMigrated(partial, fingerprint);
  rmSync(dir, { recursive: true, force: true });
  renameSync(partial, dir);
}

const isDatabase = (dir: string) => existsSync(path.join(dir, 'PG_VERSION'));

/**
 * A first start on disk: copies the seed directory to `dbDir` when `dbDir` holds no database yet.
 * The copy is made beside `dbDir` and renamed into place, so a start that dies half-way leaves no
 * `dbDir` that the next start would take for a good database (it copies again). Answers whether
 * it installed the seed; false leaves `dbDir` to the ordinary path (open it, or create it).
 */
export function installSeedDir(seedDir: string, dbDir: string): boolean {
  if (isDatabase(dbDir) || !isDatabase(seedDir)) return false;
  // Something that is not a database (files of an older, interrupted create): not ours to delete.
  if (existsSync(dbDir) && readdirSync(dbDir).length) return false;
  const parent = path.dirname(dbDir);
  mkdirSync(parent, { recursive: true });
  // Copies left by starts that died before their rename.
  const base = path.basename(dbDir);
  for (const name of readdirSync(parent)) {
    if (name.startsWith(`${base}.`) && name.endsWith('.partial')) rmSync(path.join(parent, name), { recursive: true, force: true });
  }
  const partial = `${dbDir}.${process.pid}.partial`;
  cpSync(seedDir, partial, { recursive: true });
  rmSync(dbDir, { recursive: true, force: true });
  renameSync(partial, dbDir);
  return true;
}

/**
 * What a start on disk needs from the build's seeds in `seedsDir` (made for the migrations named by
 * `fingerprint`) for `dbDir`: nothing when the database exists (a restart reads no seed) or when the
 * seed directory was just copied into place; the dump when only the dump is there.
 */
export function prepareFirstStart(seedsDir: string, fingerprint: string, dbDir: string): Blob | undefined {
  if (isDatabase(dbDir)) return undefined;
  if (installSeedDir(seedDir(seedsDir, fingerprint), dbDir)) return undefined;
  return readSeed(seedFile(seedsDir, fingerprint));
}

/**
 * The fingerprint of the migrations a database on disk was last migrated to, kept in a file
 * inside its directory (so it travels with the database when the directory is copied or
 * restored). A start whose migrations have that fingerprint has nothing to apply and skips the
 * migrator (it reads every migration and queries the journal: a noticeable part of a start).
 */
const MIGRATED_FILE = 'xueban-migrations';

export function isMigrated(dbDir: string, fingerprint: string): boolean {
  try {
    return readFileSync(path.join(dbDir, MIGRATED_FILE), 'utf8').trim() === fingerprint;
  } catch {
    return false;
  }
}

/** Written only after the migrations were applied; a crash before it means the next start migrates again. */
export function markMigrated(dbDir: string, fingerprint: string): void {
  const file = path.join(dbDir, MIGRATED_FILE);
  writeFileSync(`${file}.partial`, `${fingerprint}\n`);
  renameSync(`${file}.partial`, file);
}
