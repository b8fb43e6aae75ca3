import { createReadStream } from 'node:fs';
import Papa from 'papaparse';
import { PARSE_LIMITS, checkAborted, tooMuchContent } from './errors.ts';
import { decoderStream, detectEncoding } from './text.ts';
import type { RowVisitor } from './types.ts';

/**
 * Streams csv rows (UTF-8 or GBK, delimiter guessed by papaparse) from a read stream, so a huge file
 * is refused past PARSE_LIMITS.maxRows having held only a chunk of it. papaparse's `chunk` callback gets
 * each piece's rows synchronously; its Duplex mode is avoided because it pauses and re-parses every
 * 16 rows (quadratic in the chunk size).
 */
export async function readCsvRows(filePath: string, visit: RowVisitor, signal?: AbortSignal): Promise<void> {
  const encoding = await detectEncoding(filePath, signal);
  const file = createReadStream(filePath);
  const text = file.pipe(decoderStream(encoding));
  let rows = 0;
  let stop: (err: unknown) => void = () => undefined;
  const onAbort = () => stop(signal?.reason);
  try {
    await new Promise<void>((resolve, reject) => {
      stop = reject;
      file.once('error', reject);
      text.once('error', reject);
      signal?.addEventListener('abort', onAbort, { once: true });
      checkAborted(signal);
      Papa.parse<string[]>(text, {
        skipEmptyLines: 'greedy',
        chunk(results, parser) {
          try {
            for (const row of results.data) {
              if (++rows > PARSE_LIMITS.maxRows) throw tooMuchContent();
              visit.row(row);
            }
          } catch (err) {
            reject(err); // first: abort() calls `complete`, which would resolve
            parser.abort();
          }
        },
        complete: () => resolve(),
        error: (err: Error) => reject(err),
      });
    });
  } finally {
    signal?.removeEventListener('abort', onAbort);
    file.destroy();
    text.destroy();
  }
}
