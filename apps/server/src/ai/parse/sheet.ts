import { PARSE_LIMITS, checkAborted, tooMuchContent } from './errors.ts';
import type { RowVisitor } from './types.ts';
import { guardZip } from './zip-guard.ts';

/** A cell as shown text: rich text, hyperlinks, formula results and dates all become plain strings. */
export function cellText(v: unknown): string {
  if (v == null) return '';
  if (v instanceof Date) {
    if (Number.isNaN(v.getTime())) return '';
    const iso = v.toISOString(); // exceljs gives spreadsheet dates as UTC
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ');
  }
  if (typeof v === 'object') {
    const o = v as { richText?: { text?: unknown }[]; text?: unknown; result?: unknown; error?: unknown };
    if (Array.isArray(o.richText)) return o.richText.map((r) => cellText(r.text)).join('');
    if ('text' in o) return cellText(o.text);
    if ('result' in o) return cellText(o.result);
    if ('error' in o) return cellText(o.error);
    return '';
  }
  return String(v);
}

/** The streaming reader names sheets 'Sheet<n>'; the real names are in workbook.xml, read before them. */
function sheetName(reader: unknown, id: unknown, fallback: string): string {
  const r = reader as { model?: { sheets?: { id?: unknown; name?: string; rId?: string }[] }; workbookRels?: { Id: string; Target: string }[] };
  const rel = r.workbookRels?.find((x) => x.Target.replace(/^\/?(xl\/)?/, '') === `worksheets/sheet${String(id)}.xml`);
  const sheet = r.model?.sheets?.find((s) => (rel ? s.rId === rel.Id : String(s.id) === String(id)));
  return sheet?.name || fallback;
}

/**
 * Streams the rows of every sheet (exceljs WorkbookReader: one row in memory at a time), stopping
 * past PARSE_LIMITS.maxRows. Zip bounds are checked first, since exceljs inflates the parts itself.
 */
export async function readSheetRows(filePath: string, visit: RowVisitor, signal?: AbortSignal): Promise<void> {
  await guardZip(filePath, signal);
  // exceljs takes ~0.4 s to load: loaded at the first workbook, not at every start.
  const { default: ExcelJS } = await import('exceljs');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(filePath, {
    worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'cache', entries: 'ignore',
  });
  let rows = 0;
  try {
    for await (const sheet of reader) {
      checkAborted(signal);
      const s = sheet as unknown as { id: unknown; name: string };
      visit.sheet?.(sheetName(reader, s.id, s.name));
      for await (const row of sheet) {
        if (++rows > PARSE_LIMITS.maxRows) throw tooMuchContent();
        if (rows % 1000 === 0) checkAborted(signal);
        const values = row.values as unknown[];
        const cells: string[] = [];
        for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]));
        visit.row(cells);
      }
    }
  } finally {
    // Stopping early leaves exceljs's file stream open; close it ourselves.
    (reader as unknown as { stream?: { destroy?: () => void } }).stream?.destroy?.();
  }
}
