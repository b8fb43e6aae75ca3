/**
 * The revenue centre's maths (issue 20), pure so its rules are tested directly. Months are
 * calendar months in China time. A paid app earns seats × monthly price for each month an
 * installation is open, prorated by day: the install day counts, the uninstall day does not, and
 * the current month counts up to today. Amounts are fen, rounded per installation and month.
 */
export interface InstallSpan {
  storeAppId: number;
  seats: number;
  robotIds: number[];
  installedAt: Date;
  uninstalledAt: Date | null;
}
export interface Usage { robotId: number; month: string; questions: number; users: number[] }
export interface AppPrice { id: number; name: string; priceFen: number }

const DAY = 86_400_000;
const CHINA = 8 * 3_600_000;

/** Days since 1970-01-01 in China time (China keeps no daylight saving). */
export const chinaDay = (d: Date) => Math.floor((d.getTime() + CHINA) / DAY);
export const monthOfDay = (day: number) => new Date(day * DAY).toISOString().slice(0, 7);
export const monthOf = (d: Date) => monthOfDay(chinaDay(d));

/** [first day, first day of the next month) of 'YYYY-MM', as chinaDay numbers. */
export function monthSpan(month: string): [number, number] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return [Date.UTC(y, m - 1, 1) / DAY, Date.UTC(y, m, 1) / DAY];
}

/** The months from `from` to `to`, inclusive. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let [day] = monthSpan(from), [end] = monthSpan(to); day <= end; day = monthSpan(monthOfDay(day))[1]) out.push(monthOfDay(day));
  return out;
}

/** Days of `month` the installation is billed for, up to `today` (a chinaDay). */
export function billedDays(span: Pick<InstallSpan, 'installedAt' | 'uninstalledAt'>, month: string, today: number): number {
  const [start, end] = monthSpan(month);
  const from = Math.max(start, chinaDay(span.installedAt));
  const until = Math.min(end, today + 1, span.uninstalledAt ? chinaDay(span.uninstalledAt) : Infinity);
  return Math.max(0, until - from);
}

/** What one installation earns in one month, in fen. */
export function amountFen(seats: number, priceFen: number, days: number, month: string): number {
  const [start, end] = monthSpan(month);
  return Math.round((seats * priceFen * days) / (end - start));
}

/** Open at some moment of the month (a same-day install and uninstall included). */
function openIn(span: InstallSpan, month: string) {
  const [start, end] = monthSpan(month);
  return chinaDay(span.installedAt) < end && (!span.uninstalledAt || chinaDay(span.uninstalledAt) >= start);
}

/** One row per app and month with any installation open or any question asked. */
export function statements(apps: AppPrice[], spans: InstallSpan[], usage: Usage[], months: string[], now: Date) {
  const today = chinaDay(now);
  const usageOf = new Map<string, Usage>(usage.map((u) => [`${u.robotId}:${u.month}`, u]));
  const rows = [];
  for (const app of apps) {
    const mine = spans.filter((s) => s.storeAppId === app.id);
    for (const month of months) {
      let installs = 0, newInstalls = 0, seats = 0, activeSeats = 0, questions = 0, amount = 0;
      for (const s of mine) {
        const asked = s.robotIds.map((r) => usageOf.get(`${r}:${month}`)).filter((u): u is Usage => !!u);
        questions += asked.reduce((n, u) => n + u.questions, 0);
        activeSeats += new Set(asked.flatMap((u) => u.users)).size;
        if (!openIn(s, month)) continue;
        installs += 1;
        if (monthOf(s.installedAt) === month) newInstalls += 1;
        seats += s.seats;
        amount += amountFen(s.seats, app.priceFen, billedDays(s, month, today), month);
      }
      if (installs === 0 && questions === 0) continue;
      rows.push({
        app_id: app.id, app_name: app.name, month, price_fen: app.priceFen, installs, new_installs: newInstalls,
        seats, active_seats: activeSeats, questions, amount_fen: amount,
      });
    }
  }
  return rows;
}

/** 'YYYY-MM' moved by n months. */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + n, 1)).toISOString().slice(0, 7);
}
