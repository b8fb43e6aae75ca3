/** Parsed text is markdown-like: '# ' heading lines, paragraphs split by blank lines, table rows as 'a | b'. */
export interface ParsedDoc {
  text: string;
  title?: string;
}

export type DocKind = 'pdf' | 'docx' | 'doc' | 'pptx' | 'ppt' | 'xlsx' | 'xls' | 'csv' | 'txt' | 'md' | 'html';

export interface QaPair {
  question: string;
  answer: string;
}

/** Receives rows from csv and spreadsheet readers; throwing from it stops the reading. */
export interface RowVisitor {
  sheet?(name: string): void;
  row(cells: string[]): void;
}
