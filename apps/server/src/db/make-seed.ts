// Build step (build.mjs): writes the seed (dump and directory) for the bundled migrations beside them, so a first
// start on an empty DATA_DIR loads it instead of creating the database from nothing (db/seed.ts).
import path from 'node:path';
import { migrationsFingerprint, readSeed, seedDirPath, seedPath, writeSeed, writeSeedDir } from './seed.ts';

const [migrationsDir, outDir] = process.argv.slice(2);
if (!migrationsDir || !outDir) throw new Error('usage: make-seed <migrationsDir> <outDir>');
const file = seedPath(path.resolve(outDir), path.resolve(migrationsDir));
await writeSeed(path.resolve(migrationsDir), file);
// The same database as a plain directory, which a first start on disk copies natively.
await writeSeedDir(readSeed(file)!, seedDirPath(path.resolve(outDir), path.resolve(migrationsDir)), migrationsFingerprint(path.resolve(migrationsDir)));
