// Build step (build.mjs): writes the seed for the bundled migrations beside them, so a first
// start on an empty DATA_DIR loads it instead of creating the database from nothing (db/seed.ts).
import path from 'node:path';
import { seedPath, writeSeed } from './seed.ts';

const [migrationsDir, outDir] = process.argv.slice(2);
if (!migrationsDir || !outDir) throw new Error('usage: make-seed <migrationsDir> <outDir>');
await writeSeed(path.resolve(migrationsDir), seedPath(path.resolve(outDir), path.resolve(migrationsDir)));
