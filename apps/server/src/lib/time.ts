export const nowSeconds = () => Math.floor(Date.now() / 1000);
export const toSeconds = (d: Date | null | undefined) => (d ? Math.floor(d.getTime() / 1000) : 0);
export const addDays = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000);

/** 'YYYY-MM-DD HH:mm' in China time, the way the product shows dates. */
export function formatChinaTime(d: Date | null | undefined): string {
  if (!d) return '';
  const parts = new Intl.DateTimeFormat('zh-CN', {
    timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit',
    hour: '2-digit', minute: '2-digit', hour12: false,
  }).formatToParts(d);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
}
