import yauzl from 'yauzl';
import { MSG } from '@xueban/contract/messages';
import { ParseError, checkAborted } from './errors.ts';

/**
 * The entries of a zip whose names `want` picks, as UTF-8 text. Call guardZip first: it bounds what
 * inflating every entry can cost, so reading a chosen few here stays within those bounds.
 */
export async function readZipTexts(filePath: string, want: (name: string) => boolean, signal?: AbortSignal): Promise<Map<string, string>> {
  const zip = await yauzl.openPromise(filePath, { autoClose: false, validateEntrySizes: true, strictFileNames: false })
    .catch((err: unknown) => { throw new ParseError(MSG.fileCorrupt, { cause: err }); });
  const texts = new Map<string, string>();
  try {
    for await (const entry of zip.eachEntry()) {
      checkAborted(signal);
      if (entry.fileName.endsWith('/') || !want(entry.fileName)) continue;
      const stream = await zip.openReadStreamPromise(entry);
      const parts: Buffer[] = [];
      try {
        for await (const part of stream) parts.push(part as Buffer);
      } finally {
        stream.destroy();
      }
      texts.set(entry.fileName, Buffer.concat(parts).toString('utf8'));
    }
  } finally {
    zip.close();
  }
  return texts;
}
