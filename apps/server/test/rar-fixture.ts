import { crc32 } from 'node:zlib';

/** A RAR5 variable-length integer: 7 bits a byte, low first, the high bit saying more follow. */
function vint(n: number): Buffer {
  const out: number[] = [];
  do {
    let b = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) b |= 0x80;
    out.push(b);
  } while (n > 0);
  return Buffer.from(out);
}

/** One RAR5 block: CRC32 of everything after it, the size of the header, then the header itself. */
function block(fields: Buffer): Buffer {
  const body = Buffer.concat([vint(fields.length), fields]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32LE(crc32(body));
  return Buffer.concat([crc, body]);
}

/**
 * A RAR5 archive of stored (uncompressed) entries, written by the format's specification (no rar
 * tool on the machine): signature, main header, a file header and data per entry, end header.
 * A name ending in '/' is a folder.
 */
export function rarOf(entries: { name: string; text?: string }[]): Buffer {
  const parts: Buffer[] = [Buffer.from([0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x01, 0x00])];
  parts.push(block(Buffer.concat([vint(1), vint(0), vint(0)]))); // main: type 1, no flags, archive flags 0
  for (const e of entries) {
    const dir = e.name.endsWith('/');
    const name = Buffer.from(dir ? e.name.slice(0, -1) : e.name, 'utf8');
    const data = Buffer.from(dir ? '' : (e.text ?? ''), 'utf8');
    const dataCrc = Buffer.alloc(4);
    dataCrc.writeUInt32LE(crc32(data));
    parts.push(block(Buffer.concat([
      vint(2), vint(0x02), vint(data.length), // file header, with a data area of this size
      vint(dir ? 0x01 : 0x04), vint(data.length), vint(dir ? 0x10 : 0x20), // file flags (folder / CRC present), size, attributes
      dir ? Buffer.alloc(0) : dataCrc,
      vint(0), vint(0), // compression: version 0, stored; host OS Windows
      vint(name.length), name,
    ])), data);
  }
  parts.push(block(Buffer.concat([vint(5), vint(0), vint(0)]))); // end of archive
  return Buffer.concat(parts);
}
