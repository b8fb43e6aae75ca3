import { describe, expect, it } from 'vitest';
import { addMonths, amountFen, billedDays, monthOf, monthsBetween, statements, type InstallSpan } from './revenue.ts';

/** A moment in China time. */
const cn = (s: string) => new Date(`${s}+08:00`);
const span = (o: Partial<InstallSpan>): InstallSpan => ({ storeAppId: 1, seats: 10, robotIds: [], installedAt: cn('2026-01-01T09:00:00'), uninstalledAt: null, ...o });
const app = { id: 1, name: '物理助教', priceFen: 1_000 };

describe('revenue maths (per seat per month, prorated by day in China time)', () => {
  it('reads months in China time: 23:30 on the last day of a month in UTC is already next month', () => {
    expect(monthOf(new Date('2026-01-31T16:30:00Z'))).toBe('2026-02');
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(addMonths('2026-01', -11)).toBe('2025-02');
  });

  it('bills a whole month for an installation open all month: seats × price', () => {
    const today = Math.floor((cn('2026-03-15T00:00:00').getTime() + 8 * 3_600_000) / 86_400_000);
    expect(billedDays(span({}), '2026-02', today)).toBe(28);
    expect(amountFen(10, 1_000, 28, '2026-02')).toBe(10_000);
  });

  it('counts the install day, not the uninstall day, and the current month only up to today', () => {
    const s = span({ installedAt: cn('2026-04-21T23:00:00'), uninstalledAt: cn('2026-05-11T08:00:00') });
    const farFuture = 1e6;
    expect(billedDays(s, '2026-04', farFuture)).toBe(10); // 21..30 April
    expect(billedDays(s, '2026-05', farFuture)).toBe(10); // 1..10 May
    expect(billedDays(s, '2026-06', farFuture)).toBe(0);
    // 10 seats at ¥10 for 10 of April's 30 days: ¥33.33
    expect(amountFen(10, 1_000, 10, '2026-04')).toBe(3_333);
    const open = span({ installedAt: cn('2026-06-01T10:00:00') });
    const june5 = Math.floor((cn('2026-06-05T12:00:00').getTime() + 8 * 3_600_000) / 86_400_000);
    expect(billedDays(open, '2026-06', june5)).toBe(5);
  });

  it('makes a free app earn nothing, however many seats', () => {
    const rows = statements([{ ...app, priceFen: 0 }], [span({ seats: 500 })], [], ['2026-01'], cn('2026-02-10T00:00:00'));
    expect(rows).toEqual([expect.objectContaining({ installs: 1, seats: 500, amount_fen: 0 })]);
  });

  it('sums installations per app and month, with questions and distinct askers of the installed copies', () => {
    const spans = [
      span({ seats: 10, robotIds: [7] }),
      span({ seats: 5, robotIds: [8], installedAt: cn('2026-02-15T10:00:00') }),
      span({ storeAppId: 2, seats: 99, robotIds: [9] }),
    ];
    const usage = [
      { robotId: 7, month: '2026-02', questions: 4, users: [100, 101] },
      { robotId: 8, month: '2026-02', questions: 3, users: [200] },
      { robotId: 9, month: '2026-02', questions: 50, users: [300] },
    ];
    const rows = statements([app], spans, usage, ['2026-01', '2026-02'], cn('2026-03-01T12:00:00'));
    expect(rows).toEqual([
      { app_id: 1, app_name: '物理助教', month: '2026-01', price_fen: 1_000, installs: 1, new_installs: 1, seats: 10, active_seats: 0, questions: 0, amount_fen: 10_000 },
      // 10 seats all February (¥100) + 5 seats for 14 of 28 days (¥25)
      { app_id: 1, app_name: '物理助教', month: '2026-02', price_fen: 1_000, installs: 2, new_installs: 1, seats: 15, active_seats: 3, questions: 7, amount_fen: 12_500 },
    ]);
  });

  it('leaves out months with neither an open installation nor a question', () => {
    const s = span({ installedAt: cn('2026-01-05T10:00:00'), uninstalledAt: cn('2026-01-20T10:00:00') });
    const rows = statements([app], [s], [], ['2025-12', '2026-01', '2026-02'], cn('2026-03-01T00:00:00'));
    expect(rows.map((r) => [r.month, r.amount_fen])).toEqual([['2026-01', Math.round((10 * 1_000 * 15) / 31)]]);
  });
});
