import { badRequest } from '../../lib/errors.ts';
import type { Deps } from '../../types.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { storeAppInstallations } from '../group-apps/group-apps.service.ts';
import { robotUsageByMonth } from '../chat/robot-usage.service.ts';
import { appsOfDeveloper } from './app-store.repo.ts';
import { addMonths, monthOf, monthsBetween, statements } from './revenue.ts';

const MAX_MONTHS = 36;

/**
 * 收益中心: the caller's own apps (in their current organisation), per month from `from` to `to`
 * (default the last 12 months to this one). Nobody sees another developer's apps here.
 */
export async function revenue(deps: Deps, me: AuthContext, q: { from?: string | undefined; to?: string | undefined }, now = new Date()) {
  const to = q.to ?? monthOf(now);
  const from = q.from ?? addMonths(to, -11);
  if (from > to) throw badRequest('开始月份不能晚于结束月份', { field: 'from' });
  const months = monthsBetween(from, to);
  if (months.length > MAX_MONTHS) throw badRequest(`一次最多查询${MAX_MONTHS}个月`, { field: 'from' });
  const apps = await appsOfDeveloper(deps.db, me.groupId, me.userId);
  const spans = await storeAppInstallations(deps.db, apps.map((a) => a.id));
  const usage = await robotUsageByMonth(deps.db, spans.flatMap((s) => s.robotIds));
  const rows = statements(apps.map((a) => ({ id: a.id, name: a.name, priceFen: a.priceFen })), spans, usage, months, now);
  return { from, to, rows, total_fen: rows.reduce((n, r) => n + r.amount_fen, 0) };
}
