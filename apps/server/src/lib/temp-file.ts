import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A fresh path under DATA_DIR/tmp (made when missing); the caller removes the file. */
export async function tempPath(dataDir: string, ext = ''): Promise<string> {
  const dir = path.join(dataDir, 'tmp');
  await mkdir(dir, { recursive: true });
  return path.join(dir, `${randomBytes(12).toString('hex')}${ext}`);
}

/** Writes `source` to a temporary file, hands its path to `use`, and removes it whatever happens. */
export async function withTempFile<T>(
  dataDir: string, ext: string, source: Readable | Buffer, use: (file: string) => Promise<T>,
): Promise<T> {
  const file = await tempPath(dataDir, ext);
  try {
    await pipeline(Buffer.isBuffer(source) ? Readable.from([source]) : source, createWriteStream(file));
    return await use(file);
  } finally {
    await rm(file, { force: true });
  }
}
