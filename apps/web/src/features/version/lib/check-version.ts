/** How often an open tab asks whether a new release is deployed. */
export const VERSION_POLL_MS = 5 * 60_000;
/** Focus can fire in bursts (alt-tab, devtools): ask at most this often on focus. */
export const FOCUS_CHECK_MIN_GAP_MS = 30_000;
const CHECK_TIMEOUT_MS = 5_000;

/**
 * GET /version.json?t=<random> — the build id of the deployed web app, or null when it cannot
 * be read. The random parameter and no-store keep proxies and the browser cache from answering
 * with the version that was current when this tab loaded. Failures are silent: this is a
 * background check, never worth an error toast.
 */
export async function fetchDeployedVersion(fetchImpl: typeof fetch = fetch): Promise<string | null> {
  try {
    const t = Math.random().toString(36).slice(2);
    const res = await fetchImpl(`/version.json?t=${t}`, { cache: 'no-store', signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
    if (!res.ok) return null;
    const body = (await res.json()) as unknown;
    const version = typeof body === 'object' && body !== null ? (body as { version?: unknown }).version : undefined;
    return typeof version === 'string' && version ? version : null;
  } catch {
    return null;
  }
}

/** A different, readable deployed version means this tab runs an old release. */
export const isNewVersion = (deployed: string | null, running: string) => deployed !== null && deployed !== running;
