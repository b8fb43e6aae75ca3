// Tables are printed as Markdown so they can be pasted into docs/benchmarks.md unchanged.

/**
 * columns: [{ key, label, align?: 'left' | 'right' }]; rows: objects keyed by column key
 * (values already formatted, or numbers). notes: lines printed under the table.
 */
export function printTable(title, columns, rows, notes = []) {
  const cells = rows.map((row) => columns.map((c) => String(row[c.key] ?? '')));
  const widths = columns.map((c, i) => Math.max(c.label.length, 3, ...cells.map((r) => r[i].length)));
  const pad = (text, i) => (columns[i].align === 'right' ? text.padStart(widths[i]) : text.padEnd(widths[i]));
  const line = (values) => `| ${values.map(pad).join(' | ')} |`;
  const rule = `| ${widths.map((w, i) => (columns[i].align === 'right' ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w))).join(' | ')} |`;
  const out = [`### ${title}`, '', line(columns.map((c) => c.label)), rule, ...cells.map(line)];
  if (notes.length) out.push('', ...notes);
  console.log(`${out.join('\n')}\n`);
}

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
export const int = (n) => grouped.format(Math.round(n));
/** Milliseconds: one decimal below 10, whole above. */
export const ms = (n) => (n < 10 ? n.toFixed(1) : int(n));
export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
