import dayjs from 'dayjs';

/** How the audit trail's actions read (the dotted verbs the services record). */
export const AUDIT_ACTIONS: Record<string, string> = {
  'group.update': '修改组织信息',
  'subgroup.create': '新建子组织',
  'member.add': '添加成员',
  'member.role': '设置角色',
  'member.remove': '移除成员',
  'invite.create': '生成邀请链接',
  'invite.revoke': '作废邀请链接',
  'app.install': '安装应用',
  'app.uninstall': '卸载应用',
  'app.seats': '修改席位数',
  'app.seat.assign': '分配席位',
  'app.seat.release': '收回席位',
  'sso.save': '配置统一身份认证',
};

export const AUDIT_FILTERS = [
  { value: '', label: '全部操作' },
  { value: 'member', label: '成员与角色' },
  { value: 'invite', label: '邀请链接' },
  { value: 'group', label: '组织信息' },
  { value: 'subgroup', label: '子组织' },
  { value: 'app', label: '应用' },
  { value: 'sso', label: '统一身份认证' },
];

/** A before/after object as one short line: key=value pairs, roles by name. */
export function describeChange(v: Record<string, unknown> | null, label: (role: string) => string): string {
  if (!v) return '—';
  return Object.entries(v)
    .filter(([, x]) => x !== undefined)
    .map(([k, x]) => `${k}: ${k.endsWith('_time') && typeof x === 'number' ? dayjs.unix(x).format('YYYY-MM-DD HH:mm') : show(x, label)}`)
    .join('；') || '—';
}

const show = (x: unknown, label: (role: string) => string): string => {
  if (Array.isArray(x)) return x.map((i) => show(i, label)).join('、');
  if (typeof x === 'string') return x.startsWith('ROLE_') ? label(x) : x;
  if (typeof x === 'object' && x !== null) return JSON.stringify(x);
  return String(x);
};
