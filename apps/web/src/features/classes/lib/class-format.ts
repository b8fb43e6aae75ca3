import { pathTo } from '../../../app/paths.ts';

/** The join link a student opens: /studentPanel/{robotId}?join_room_code=… on this site. */
export const joinLink = (robotId: number, code: string) =>
  new URL(pathTo('student-panel-index', { id: robotId }, { join_room_code: code }), window.location.origin).href;

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD HH:mm' in the browser's time zone, for a unix time in seconds; '' for 0. */
export function dateTime(unixSeconds: number): string {
  if (!unixSeconds) return '';
  const d = new Date(unixSeconds * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** How long a new invite expiry lasts, as the teacher picks it. */
export const EXPIRY_CHOICES = [
  { value: 0, label: '永久有效' },
  { value: 1, label: '1 天后失效' },
  { value: 7, label: '7 天后失效' },
  { value: 30, label: '30 天后失效' },
] as const;

/** The expire_time for a choice of days from now; null (never) for 0. */
export const expiryAfterDays = (days: number, now = Date.now()) => (days > 0 ? Math.floor(now / 1000) + days * 86_400 : null);

/** The class's invite state, in words. */
export function inviteState(c: { invite_expire_time: number; invite_expired: boolean }): string {
  if (!c.invite_expire_time) return '永久有效';
  return c.invite_expired ? `已于 ${dateTime(c.invite_expire_time)} 失效` : `${dateTime(c.invite_expire_time)} 前有效`;
}

/** A class news kind, as a label. */
export const NEWS_KIND_LABEL: Record<string, string> = {
  notice: '班级通知',
  plan_published: '课程发布',
  node_unlocked: '课时解锁',
  assignment_set: '作业布置',
  mark_released: '成绩发布',
  answer_corrected: '回答更正',
};

/** The invite code in what a student typed: the code itself, or a pasted join or invite link. */
export function codeFromInput(raw: string): string {
  const text = raw.trim();
  const fromLink = /[?&](?:join_room_code|invite_code)=([^&#\s]+)/.exec(text)?.[1];
  try {
    return decodeURIComponent(fromLink ?? text).trim();
  } catch {
    return text;
  }
}
