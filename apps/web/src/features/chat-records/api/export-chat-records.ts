import { ChatRecords } from '@xueban/contract/calls/chat';
import { MSG } from '@xueban/contract/messages';
import { LIMITS } from '@xueban/contract/limits';
import { showError } from '../../../lib/api.ts';
import { filterQuery, type RecordFilters } from '../lib/record-filters.ts';

/** The file name the server gave (filename* first), else a plain one. */
function fileNameOf(res: Response): string {
  const cd = res.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(cd)?.[1];
  if (star) {
    try {
      return decodeURIComponent(star);
    } catch { /* fall through to the plain name */ }
  }
  return /filename="([^"]+)"/i.exec(cd)?.[1] ?? 'chat-records.xlsx';
}

/**
 * GET /api/ai/ChatRecords/export with the table's filters: downloads the .xlsx. The file is not
 * an envelope, so this goes around `request`; an envelope answer (no right, bad filter) is shown
 * as its message like any other error. Resolves true when a file was saved.
 */
export async function exportChatRecords(filters: RecordFilters): Promise<boolean> {
  let res: Response;
  try {
    res = await fetch(`${ChatRecords.export.path}?${new URLSearchParams(filterQuery(filters))}`, {
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
