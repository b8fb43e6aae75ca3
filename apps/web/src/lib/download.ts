import { MSG } from '@xueban/contract/messages';
import { LIMITS } from '@xueban/contract/limits';
import { showError } from './api.ts';

/** The file name the server gave (filename* first), else `fallback`. */
function fileNameOf(res: Response, fallback: string): string {
  const cd = res.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(cd)?.[1];
  if (star) {
    try {
      return decodeURIComponent(star);
    } catch { /* fall through to the plain name */ }
  }
  return /filename="([^"]+)"/i.exec(cd)?.[1] ?? fallback;
}

/**
 * Downloads a file a GET call answers (an export). The file is not an envelope, so this goes
 * around `call`; an envelope answer (no right, bad filter) is shown as its message like any other
 * error. `type` is what the content type must contain. Resolves true when a file was saved.
 */
export async function downloadFile(path: string, query: Record<string, string>, type: string, fallbackName: string): Promise<boolean> {
  let res: Response;
  try {
    res = await fetch(`${path}?${new URLSearchParams(query)}`, { credentials: 'include', signal: AbortSignal.timeout(LIMITS.timeouts.longCallMs) });
  } catch {
    showError(MSG.requestFailed);
    return false;
  }
  if (!res.ok || !(res.headers.get('content-type') ?? '').includes(type)) {
    const body = (await res.json().catch(() => null)) as { msg?: string } | null;
    showError(body?.msg || MSG.requestFailed);
    return false;
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = fileNameOf(res, fallbackName);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return true;
}

export const XLSX_TYPE = 'spreadsheetml';
