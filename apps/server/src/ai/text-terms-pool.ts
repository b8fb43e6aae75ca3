import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import Piscina from 'piscina';
import { textTerms, type TextTerms } from './text-terms.ts';

/**
 * Segmenting is the CPU-heavy part of indexing (ICU's word breaker costs about a millisecond per
 * chunk), while the embedded database runs on the main thread. A batch of chunks is therefore
 * segmented on a worker thread, on the other core, and the main thread keeps serving requests and
 * writing. Few texts are segmented in place: the round trip would cost more than it saves.
 */
const OFF_THREAD_CHARS = 8_000;

/** The bundled worker beside main.js (build.mjs). From TypeScript source (tests, `npm run dev`) there is none, and texts are segmented in place. */
const WORKER_FILE = fileURLToPath(new URL('./text-terms-worker.js', import.meta.url));

let pool: Piscina | null | undefined;

function poolOf(): Piscina | null {
  if (pool !== undefined) return pool;
  pool = existsSync(WORKER_FILE)
    ? new Piscina({ filename: WORKER_FILE, minThreads: 0, maxThreads: Math.max(1, availableParallelism() - 1), idleTimeout: 30_000 })
    : null;
  // A thread that dies outside a task must not take the process with it; the next batch starts another.
  pool?.on('error', () => {});
  return pool;
}

/** Each text's terms (text-terms.ts), the same whichever thread computed them. */
export async function textTermsOf(texts: string[]): Promise<TextTerms[]> {
  let chars = 0;
  for (const t of texts) chars += t.length;
  const workers = chars >= OFF_THREAD_CHARS ? poolOf() : null;
  if (workers) {
    // A thread lost mid-task costs only the round trip: the texts are segmented here instead.
    try {
      return (await workers.run(texts)) as TextTerms[];
    } catch {
      /* segmented below */
    }
  }
  return texts.map(textTerms);
}

/** Ends the worker threads (server shutdown). */
export async function closeTextTermsPool() {
  const p = pool;
  pool = undefined;
  await p?.destroy();
}
