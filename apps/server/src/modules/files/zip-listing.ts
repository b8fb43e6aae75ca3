import type { Readable } from 'node:stream';
import type { ByteRange } from './storage.ts';

/**
 * Lists a zip from its central directory alone, read by byte ranges from storage: nothing is
 * decompressed or written to disk, so a zip bomb costs what its directory costs (bounded below),
 * and a name like `../../etc/passwd` is only ever shown as text.
 */
export interface ZipEntry { name: string; size: number; compressed_size: number; dir: boolean }

/** At most this many entries are listed; at most this many directory bytes are read. */
export const MAX_LISTED_ENTRIES = 500;
const MAX_DIRECTORY_BYTES = 4 * 1024 * 1024;
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;

type ReadRange = (range: ByteRange) => Promise<Buffer | null>;

export async function readAll(body: Readable, limit: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      body.destroy();
      throw new Error('range larger than asked');
    }
    parts.push(chunk as Buffer);
  }
  return Buffer.concat(parts);
}

/** The entries (first MAX_LISTED_ENTRIES) and whether more exist, or null when it is not a readable zip. */
export async function listZip(totalSize: number, read: ReadRange): Promise<{ entries: ZipEntry[]; truncated: boolean } | null> {
  if (totalSize < EOCD_SIZE) return null;
  const tailStart = Math.max(0, totalSize - EOCD_SIZE - MAX_COMMENT);
  const tail = await read({ start: tailStart, end: totalSize - 1 });
  if (!tail) return null;
  let eocd = -1;
  for (let i = tail.length - EOCD_SIZE; i >= 0; i--) {
    if (tail.readUInt32LE(i) === 0x06054b50) { eocd = i; break; }
  }
  if (eocd < 0) return null;
  const count = tail.readUInt16LE(eocd + 10);
  const dirSize = tail.readUInt32LE(eocd + 12);
  const dirOffset = tail.readUInt32LE(eocd + 16);
  if (dirOffset + dirSize > totalSize) return null;
  const readSize = Math.min(dirSize, MAX_DIRECTORY_BYTES);
  const dir = readSize ? await read({ start: dirOffset, end: dirOffset + readSize - 1 }) : Buffer.alloc(0);
  if (!dir) return null;
  const entries: ZipEntry[] = [];
  let pos = 0;
  let seen = 0;
  while (pos + 46 <= dir.length && dir.readUInt32LE(pos) === 0x02014b50) {
    const flags = dir.readUInt16LE(pos + 8);
    const compressed = dir.readUInt32LE(pos + 20);
    const size = dir.readUInt32LE(pos + 24);
    const nameLen = dir.readUInt16LE(pos + 28);
    const next = pos + 46 + nameLen + dir.readUInt16LE(pos + 30) + dir.readUInt16LE(pos + 32);
    if (next > dir.length) break;
    seen++;
    if (entries.length < MAX_LISTED_ENTRIES) {
      const raw = dir.subarray(pos + 46, pos + 46 + nameLen);
      // Bit 11: UTF-8 names; otherwise CP437 (read as latin1, good enough for display).
      // eslint-disable-next-line no-control-regex
      const name = raw.toString(flags & 0x800 ? 'utf8' : 'latin1').replace(/[\u0000-\u001f\u007f]/g, '?').slice(0, 500);
      entries.push({ name, size, compressed_size: compressed, dir: name.endsWith('/') });
    }
    pos = next;
  }
  return { entries, truncated: seen > entries.length || count > seen };
}
