import type { RosterMember } from '@xueban/contract/classes';
import { formatChinaTime } from '../../lib/time.ts';

const ROLE_LABEL: Record<string, string> = { teacher: '老师', student: '学生' };

/**
 * A CSV field: quoted when it holds a comma, quote or line break; a leading = + - @ (a formula
 * to Excel) is prefixed with ' so a name never runs as a formula.
 */
function field(v: string | number): string {
  let s = String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The roster as CSV with a UTF-8 byte-order mark, so Excel opens the Chinese names right. */
export function rosterCsv(className: string, members: RosterMember[]): string {
  const lines = [['姓名', '账号', '班级', '角色', '加入时间', '今日提问']];
  for (const m of members) {
    lines.push([
      m.truename, m.account, className, ROLE_LABEL[m.role] ?? m.role, formatChinaTime(new Date(m.join_time * 1000)), String(m.asked_today),
    ]);
  }
  return `\uFEFF${lines.map((l) => l.map(field).join(',')).join('\r\n')}\r\n`;
}

/** An attachment name with the class and date, safe for Content-Disposition in every browser. */
export function rosterFileName(className: string, now = new Date()) {
  const day = formatChinaTime(now).slice(0, 10);
  return { ascii: `roster-${day}.csv`, utf8: encodeURIComponent(`${className}-花名册-${day}.csv`) };
}
