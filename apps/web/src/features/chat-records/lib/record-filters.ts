import { REPLY_STATUSES, type ReplyStatus } from '@xueban/contract/constants/chat';

/** The 对话管理 table's filters; they live in the URL so a filtered view can be shared or reloaded. */
export interface RecordFilters {
  robot_id?: number;
  keyword?: string;
  status?: ReplyStatus;
}

const isStatus = (v: string | null): v is ReplyStatus => REPLY_STATUSES.includes(v as ReplyStatus);

/** Reads the filters and page from the URL, dropping anything malformed. */
export function parseFilters(search: URLSearchParams): RecordFilters & { page: number } {
  const robot = Number(search.get('robot_id'));
  const keyword = search.get('keyword')?.trim().slice(0, 100);
  const status = search.get('status');
  return {
    page: Math.max(1, Math.floor(Number(search.get('page'))) || 1),
    ...(Number.isInteger(robot) && robot > 0 ? { robot_id: robot } : {}),
    ...(keyword ? { keyword } : {}),
    ...(isStatus(status) ? { status } : {}),
  };
}

/** The filters as query parameters (for the URL and the export), without empty ones. */
export function filterQuery(f: RecordFilters & { page?: number }): Record<string, string> {
  const q: Record<string, string> = {};
  if (f.robot_id) q.robot_id = String(f.robot_id);
  if (f.keyword) q.keyword = f.keyword;
  if (f.status) q.status = f.status;
  if (f.page && f.page > 1) q.page = String(f.page);
  return q;
}
