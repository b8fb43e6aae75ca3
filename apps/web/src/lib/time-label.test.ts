import { describe, expect, it } from 'vitest';
import { MSG } from '@xueban/contract/messages';
import { CLOCK_SKEW_SECONDS, timeLabel } from './time-label.ts';

// Dates are built in the local time zone, so the rules hold whatever TZ the test runs in.
const local = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0) => new Date(y, mo - 1, d, h, mi, s);
const unix = (d: Date) => Math.floor(d.getTime() / 1000);

// Wednesday 2024-03-13, 14:30.
const NOW = local(2024, 3, 13, 14, 30);

describe('timeLabel (spec §9)', () => {
  it('shows HH:mm for a time earlier the same day', () => {
    expect(timeLabel(unix(local(2024, 3, 13, 9, 5)), NOW)).toBe('09:05');
    expect(timeLabel(unix(local(2024, 3, 13, 0, 0)), NOW)).toBe('00:00');
    expect(timeLabel(unix(NOW), NOW)).toBe('14:30');
  });

  it('shows 昨天 plus the time for yesterday, also more than 24 h ago', () => {
    expect(timeLabel(unix(local(2024, 3, 12, 23, 59)), NOW)).toBe('昨天 23:59');
    expect(timeLabel(unix(local(2024, 3, 12, 0, 1)), NOW)).toBe('昨天 00:01');
  });

  it('shows 昨天 for anything within 24 h that is not today', () => {
    const justAfterMidnight = local(2024, 3, 14, 0, 10);
    expect(timeLabel(unix(local(2024, 3, 13, 23, 50)), justAfterMidnight)).toBe('昨天 23:50');
  });

  it('shows the weekday and time within 7 days', () => {
    expect(timeLabel(unix(local(2024, 3, 11, 8, 0)), NOW)).toBe('星期一 08:00');
    expect(timeLabel(unix(local(2024, 3, 7, 20, 15)), NOW)).toBe('星期四 20:15');
  });

  it('shows the zh-CN date and time from 7 calendar days back', () => {
    expect(timeLabel(unix(local(2024, 3, 6, 20, 15)), NOW)).toBe('2024/3/6 20:15');
    expect(timeLabel(unix(local(2023, 12, 25, 9, 0)), NOW)).toBe('2023/12/25 09:00');
  });

  it("answers 'Invalid time' for a future timestamp (spec §8)", () => {
    expect(timeLabel(unix(local(2024, 3, 13, 15, 0)), NOW)).toBe(MSG.invalidTime);
    expect(timeLabel(unix(local(2025, 1, 1)), NOW)).toBe(MSG.invalidTime);
    expect(timeLabel(Number.NaN, NOW)).toBe(MSG.invalidTime);
  });

  it('reads a timestamp a few seconds ahead (clock skew) as now', () => {
    expect(timeLabel(unix(NOW) + 5, NOW)).toBe('14:30');
    expect(timeLabel(unix(NOW) + CLOCK_SKEW_SECONDS, NOW)).toBe('14:30');
    expect(timeLabel(unix(NOW) + CLOCK_SKEW_SECONDS + 1, NOW)).toBe(MSG.invalidTime);
  });
});
