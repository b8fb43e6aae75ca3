import { Marking } from '@xueban/contract/calls/marking';
import { LIMITS } from '@xueban/contract/limits';
import { MSG } from '@xueban/contract/messages';
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
  return /filename="([^"]+)"/i.exec(cd)?.[1] ?? 'marking-results.xlsx';
}

/**
 * GET /api/ai/Marking/export {assignment_id}: downloads the class's results as .xlsx. The file is
 * not an envelope, so this goes around `call`; an envelope answer is shown as its message.
 */
export async function exportResults(assignmentId: number): Promise<boolean> {
  let res: Response;
  try {
    res = await fetch(`${Marking.export.path}?${new URLSearchParams({ assignment_id: String(assignmentId) })}`, {
      credentials: 'include',
      signal: AbortSignal.timeout(LIMITS.timeouts.longCallMs),
    });
  } catch {
    showError(MSG.requestFailed);
    return false;
  }
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || !type.includes('spreadsheetml')) {
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
