/**
 * Loading code-split chunks (spec §9: chunk load timeout 120 s). After a release the old
 * chunk files are gone, so a tab opened before it fails to load its next lazy page or dialog;
 * `isChunkLoadError` recognises that failure so the app can offer a reload instead of a broken page.
 */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

/**
 * Runs a dynamic import, failing with a ChunkLoadError after `timeoutMs`: a browser waits
 * on a stalled module request indefinitely, which would leave a page spinning forever.
 */
export function loadChunk<T>(importer: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`chunk load timed out after ${timeoutMs / 1000} s`)), timeoutMs);
    importer().then(
      (mod) => {
        clearTimeout(timer);
        resolve(mod);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}

/** What browsers and Vite say when a module script or its preloaded CSS cannot be fetched. */
const CHUNK_FAILURE = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Unable to preload CSS/i, // Vite's CSS preload
  /Loading (CSS )?chunk .* failed/i,
];

export function isChunkLoadError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (err.name === 'ChunkLoadError') return true;
  return CHUNK_FAILURE.some((re) => re.test(err.message));
}
