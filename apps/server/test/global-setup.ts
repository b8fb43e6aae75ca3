import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_DIR } from '../src/db/client.ts';
import { readSeed, seedPath, writeSeed } from '../src/db/seed.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated empty database every in-memory test database starts from (db/seed.ts). */
    dbSeed: string;
  }
}

/**
 * Makes the seed for the current migrations once per run (kept between runs, named by the
 * migrations' fingerprint): each test file then loads it instead of creating and migrating a
 * database of its own, seconds saved per file.
 */
export default async function setup(project: TestProject) {
  const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../node_modules/.cache/xueban');
  mkdirSync(dir, { recursive: true });
  const file = seedPath(dir, MIGRATIONS_DIR);
  if (!readSeed(file)) await writeSeed(MIGRATIONS_DIR, file);
  project.provide('dbSeed', file);
}
