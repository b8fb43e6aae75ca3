import { MSG } from '@xueban/contract/messages';

/**
 * How far ahead of the browser's clock a server timestamp may be and still count as "now".
 * Server and browser clocks are never exactly equal; without this slack a notification created a
 * second ago by a server whose clock runs ahead would read 'Invalid time'.
 */
export const CLOCK_SKEW_SECONDS = 60;

const DAY_MS = 24 * 60 * 60 * 1000;

const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];
const pad = (n: number) => String(n).padStart(2, '0');
const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());
/** Calendar days from `from` to `to` (rounded: a day with a clock change is 23 or 25 hours). */
const calendarDays = (from: Date, to: Date) => Math.round((startOfDay(to).getTime() - startOfDay(from).getTime()) / DAY_MS);

/**
 * The time label of spec §9, for a unix timestamp in seconds, in the browser's time zone:
 * - the same day: HH:mm;
 * - yesterday, or within the last 24 hours: 昨天 HH:mm;
 * - within the last 7 days: the weekday and time (星期三 14:05);
 * - otherwise the zh-CN date and time (2024/3/5 14:05);
 * - a timestamp in the future (beyond the clock skew) is 'Invalid time' (spec §8).
 * Plain Date arithmetic: a conversation's first load needs only this, not a date library.
 */
export function timeLabel(unixSeconds: number, now: Date = new Date()): string {
  if (!Number.isFinite(unixSeconds)) return MSG.invalidTime;
  const ahead = unixSeconds - now.getTime() / 1000;
  if (ahead > CLOCK_SKEW_SECONDS) return MSG.invalidTime;
  // Slightly ahead (skew) reads as the current moment.
  const shown = ahead > 0 ? now : new Date(unixSeconds * 1000);
  const time = `${pad(shown.getHours())}:${pad(shown.getMinutes())}`;

  const days = calendarDays(shown, now);
  if (days === 0) return time;
  if (days === 1 || now.getTime() - shown.getTime() < DAY_MS) return `昨天 ${time}`;
  // Calendar days, so "a week ago" means the same weekday is not yet repeated.
  if (days < 7) return `${WEEKDAYS[shown.getDay()]} ${time}`;
  return `${shown.getFullYear()}/${shown.getMonth() + 1}/${shown.getDate()} ${time}`;
}
