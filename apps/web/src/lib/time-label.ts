import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { MSG } from '@xueban/contract/messages';

/**
 * How far ahead of the browser's clock a server timestamp may be and still count as "now".
 * Server and browser clocks are never exactly equal; without this slack a notification created a
 * second ago by a server whose clock runs ahead would read 'Invalid time'.
 */
export const CLOCK_SKEW_SECONDS = 60;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The time label of spec §9, for a unix timestamp in seconds, in the browser's time zone:
 * - the same day: HH:mm;
 * - yesterday, or within the last 24 hours: 昨天 HH:mm;
 * - within the last 7 days: the weekday and time (星期三 14:05);
 * - otherwise the zh-CN date and time (2024/3/5 14:05);
 * - a timestamp in the future (beyond the clock skew) is 'Invalid time' (spec §8).
 */
export function timeLabel(unixSeconds: number, now: Date = new Date()): string {
  if (!Number.isFinite(unixSeconds)) return MSG.invalidTime;
  const at = dayjs(unixSeconds * 1000).locale('zh-cn');
  const current = dayjs(now).locale('zh-cn');
  const ahead = at.diff(current, 'second');
  if (ahead > CLOCK_SKEW_SECONDS) return MSG.invalidTime;
  // Slightly ahead (skew) reads as the current moment.
  const shown = ahead > 0 ? current : at;
  const time = shown.format('HH:mm');

  if (shown.isSame(current, 'day')) return time;
  const yesterday = current.subtract(1, 'day');
  if (shown.isSame(yesterday, 'day') || current.diff(shown) < DAY_MS) return `昨天 ${time}`;
  // Calendar days, so "a week ago" means the same weekday is not yet repeated.
  if (current.startOf('day').diff(shown.startOf('day'), 'day') < 7) return `${shown.format('dddd')} ${time}`;
  return `${shown.format('YYYY/M/D')} ${time}`;
}
