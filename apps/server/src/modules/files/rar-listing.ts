import { createExtractorFromFile } from 'node-unrar-js';
import { MAX_LISTED_ENTRIES, type ZipEntry } from './zip-listing.ts';

/**
 * Lists a RAR (4 or 5) from its headers with the official unrar code compiled to WebAssembly
 * (node-unrar-js; no native code): nothing is decompressed or extracted, the archive is read from a
 * temporary file through seeks, and at most MAX_LISTED_ENTRIES + 1 headers are read.
 */

/** Larger archives are not copied to a temporary file just to list them: they download. */
export const MAX_LISTED_RAR_BYTES = 200 * 1024 * 1024;

/** The entries (first MAX_LISTED_ENTRIES) and whether more exist, or null when it cannot be read (broken, encrypted headers). */
export async function listRar(filePath: string): Promise<{ entries: ZipEntry[]; truncated: boolean } | null> {
  try {
    const extractor = await createExtractorFromFile({ filepath: filePath });
    const { arcHeader, fileHeaders } = extractor.getFileList();
    if (arcHeader.flags.headerEncrypted) return null;
    const entries: ZipEntry[] = [];
    let truncated = false;
    for (const h of fileHeaders) {
      if (entries.length === MAX_LISTED_ENTRIES) {
        truncated = true;
        // The generator only closes the archive when it runs to the end: close it here.
        (extractor as unknown as { closeArc(): void }).closeArc();
        break;
      }
      // eslint-disable-next-line no-control-regex
      const name = h.name.replace(/[\u0000-\u001f\u007f]/g, '?').slice(0, 500);
      entries.push({ name: h.flags.directory ? `${name}/` : name, size: h.unpSize, compressed_size: h.packSize, dir: h.flags.directory });
    }
    return { entries, truncated };
  } catch {
    return null;
  }
}
