import { readCsvRows } from './csv.ts';
import { withConverted } from './legacy.ts';
import { readSheetRows } from './sheet.ts';
import { TextSink, tableRow } from './text.ts';
import type { ParsedDoc, RowVisitor } from './types.ts';

export type TableKind = 'csv' | 'xlsx' | 'xls';

/** Rows of a csv, xlsx, or old xls (converted by LibreOffice first), for documents and Q&A files alike. */
export function readRows(kind: TableKind, filePath: string, visit: RowVisitor, signal?: AbortSignal): Promise<void> {
  if (kind === 'csv') return readCsvRows(filePath, visit, signal);
  if (kind === 'xlsx') return readSheetRows(filePath, visit, signal);
  return withConverted(filePath, 'xls', (xlsx) => readSheetRows(xlsx, visit, signal), { signal });
}

/** A table file as text: '# <sheet>' per non-empty sheet, then its rows as 'a | b | c' lines. */
export async function tableDoc(kind: TableKind, filePath: string, signal?: AbortSignal): Promise<ParsedDoc> {
  const sink = new TextSink();
  let pendingSheet = '';
  await readRows(kind, filePath, {
    sheet: (name) => { pendingSheet = name || ' '; },
    row: (cells) => {
      const line = tableRow(cells);
      if (!line) return;
      if (pendingSheet) sink.heading(1, pendingSheet);
      pendingSheet = '';
      sink.line(line);
    },
  }, signal);
  return { text: sink.text };
}
