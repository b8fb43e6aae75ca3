import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';
import { MSG } from '@xueban/contract/messages';
import { ParseError, checkAborted } from './errors.ts';

/** docx/xlsx are zips: bounds checked before any library inflates them. */
export const ZIP_LIMITS = {
  maxEntries: 2_000,
  /**
   * Inflated bytes of all entries together. Word compresses pictures to 220 ppi when it saves, so a
   * school document with photos is a few MB to a few tens of MB; 2 M characters of text (the text
   * bound) are under 10 MB of XML. 64 MB costs the guard under a second of one core to check, and
   * whatever a library builds from it is bounded by the parse worker's memory (isolated.ts).
   */
  maxTotalBytes: 64 * 1024 * 1024,
  /** Text compresses well, but not 200:1 over a megabyte; zip bombs do. */
  maxRatio: 200,
  ratioFromBytes: 1024 * 1024,
} as const;

const tooComplex = (cause?: unknown) => new ParseError(MSG.fileTooComplex, { cause });

/**
 * Refuses zip bombs before mammoth/exceljs see the file. First the central directory alone (no
 * inflating): entry count, declared total size, and per-entry ratio. Declared sizes can lie, so then
 * every entry is inflated once and thrown away; yauzl (validateEntrySizes) stops an entry the moment
 * it yields more than it declared, so the work is bounded by the declared 64 MB total.
 */
export async function guardZip(filePath: string, signal?: AbortSignal): Promise<void> {
  let zip: ZipFile;
  try {
    zip = await yauzl.openPromise(filePath, { autoClose: false, validateEntrySizes: true, strictFileNames: false });
  } catch (err) {
    throw new ParseError(MSG.fileCorrupt, { cause: err });
  }
  try {
    if (zip.entryCount > ZIP_LIMITS.maxEntries) throw tooComplex();
    const entries: Entry[] = [];
    let total = 0;
    for await (const entry of zip.eachEntry()) {
      checkAborted(signal);
      if (entries.length >= ZIP_LIMITS.maxEntries) throw tooComplex(); // the count in the end record can lie too
      total += entry.uncompressedSize;
      if (total > ZIP_LIMITS.maxTotalBytes) throw tooComplex();
      if (entry.uncompressedSize > ZIP_LIMITS.ratioFromBytes
        && entry.uncompressedSize > ZIP_LIMITS.maxRatio * Math.max(entry.compressedSize, 1)) throw tooComplex();
      if (entry.isEncrypted()) throw new ParseError(MSG.fileEncrypted);
      entries.push(entry);
    }
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
      const stream = await zip.openReadStreamPromise(entry);
      try {
        for await (const _ of stream) checkAborted(signal);
      } finally {
        stream.destroy();
      }
    }
  } catch (err) {
    if (err instanceof ParseError) throw err;
    // yauzl: "too many bytes in the stream" is a lying size; anything else is a broken archive.
    throw /too many bytes/i.test(String((err as Error)?.message)) ? tooComplex(err) : new ParseError(MSG.fileCorrupt, { cause: err });
  } finally {
    zip.close();
  }
}
