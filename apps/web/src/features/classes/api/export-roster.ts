import { TeamClass } from '@xueban/contract/calls/classes';
import { MSG } from '@xueban/contract/messages';
import { LIMITS } from '@xueban/contract/limits';
import { showError } from '../../../lib/api.ts';

/** The file name the server gave (filename* first), else a plain one. */
function fileNameOf(res: Response): string {
  const cd = res.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(cd)?.[1];
  if (star) {
    try {
      return decodeURIComponent(star);
    } catch { /* fall through to the plain name */ }
  }
  return /filename="([^"]+)"/i.exec(cd)?.[1] ?? 'roster.csv';
}

/**
 * GET /api/ai/TeamClass/exportRoster: downloads the class roster CSV. The file is not an
 * envelope, so this goes around `request`; an envelope answer is shown as its message.
 */
export async function exportRoster(id: number): Promise<boolean> {
  let res: Response;
  try {
    res = await fetch(`${TeamClass.exportRoster.path}?id=${id}`, { credentials: 'include', signal: AbortSignal.timeout(LIMITS.timeouts.longCallMs) });
  } catch {
    showError(MSG.requestFailed);
    return false;
  }
  if (!res.ok || !(res.headers.get('content-type') ?? '').includes('text/csv')) {
    const body = (await res.json().catch(() => null)) as { msg?: string } | null;
    showError(body?.msg || MSG.requestFailed);
    return false;
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = fileNameOf(res);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return true;
}
