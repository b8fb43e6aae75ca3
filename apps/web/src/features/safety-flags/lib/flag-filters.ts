import { ALERT_STATUSES, type AlertStatus } from '@xueban/contract/safety';
import { SENSITIVE_CATEGORIES, type SensitiveCategory } from '@xueban/contract/sensitive';

export interface FlagFilters {
  team_id?: number | undefined;
  student_id?: number | undefined;
  category?: SensitiveCategory | undefined;
  status?: AlertStatus | undefined;
  page: number;
}

const id = (v: string | null) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : undefined);
const oneOf = <T extends string>(all: readonly T[], v: string | null) => (all as readonly (string | null)[]).includes(v) ? (v as T) : undefined;

/** The flags page's filters from its URL (anything malformed is dropped); 待处理 by default. */
export function parseFlagFilters(search: URLSearchParams): FlagFilters {
  const status = search.get('status');
  return {
    team_id: id(search.get('team_id')),
    student_id: id(search.get('student_id')),
    category: oneOf(SENSITIVE_CATEGORIES, search.get('category')),
    status: status === 'all' ? undefined : (oneOf(ALERT_STATUSES, status) ?? 'open'),
    page: id(search.get('page')) ?? 1,
  };
}

/** Back to the URL: only what differs from the defaults. */
export function flagFilterQuery(f: FlagFilters): Record<string, string> {
  const q: Record<string, string> = {};
  if (f.team_id) q.team_id = String(f.team_id);
  if (f.student_id) q.student_id = String(f.student_id);
  if (f.category) q.category = f.category;
  if (f.status !== 'open') q.status = f.status ?? 'all';
  if (f.page > 1) q.page = String(f.page);
  return q;
}
