import { MSG } from '@xueban/contract/messages';
import { PARSE_LIMITS, ParseError, tooMuchContent } from './errors.ts';
import { readRows } from './rows.ts';
import type { QaPair } from './types.ts';

/** Header names of the question and answer columns (compared lower-cased, without spaces and marks). */
const QUESTION = ['问题', '问', '提问', '题目', 'question', 'questions', 'q'];
const ANSWER = ['答案', '答', '回答', '回复', 'answer', 'answers', 'a', 'reply'];

const normal = (s: string) => s.toLowerCase().replace(/[\s*:：()（）[\]【】]/g, '');
/** '问题' and 'question' also match longer headers such as '问题描述'; one-letter names only exactly. */
const headerIndex = (cells: string[], names: string[]) =>
  cells.map(normal).findIndex((h) => names.some((n) => h === n || (n.length > 1 && h.startsWith(n))));

/**
 * Q&A pairs from each sheet (or the csv): a header row naming a question and an answer column
 * (问题/question, 答案/answer, either language, any case) picks them; without one the first two
 * columns are the pair and the first row is data. Rows missing either side are skipped.
 */
export async function collectQaPairs(kind: 'csv' | 'xlsx' | 'xls', filePath: string, signal?: AbortSignal): Promise<QaPair[]> {
  const pairs: QaPair[] = [];
  let columns: [number, number] | null = null;
  let chars = 0;
  await readRows(kind, filePath, {
    sheet: () => { columns = null; },
    row: (cells) => {
      if (!columns) {
        const q = headerIndex(cells, QUESTION);
        const a = headerIndex(cells, ANSWER);
        const isHeader = q >= 0 && a >= 0 && q !== a;
        columns = isHeader ? [q, a] : [0, 1];
        if (isHeader) return;
      }
      const question = (cells[columns[0]] ?? '').replace(/\r\n?/g, '\n').trim();
      const answer = (cells[columns[1]] ?? '').replace(/\r\n?/g, '\n').trim();
      if (!question || !answer) return;
      chars += question.length + answer.length;
      if (chars > PARSE_LIMITS.maxChars) throw tooMuchContent();
      pairs.push({ question, answer });
    },
  }, signal);
  if (!pairs.length) throw new ParseError(MSG.parseQaEmpty);
  return pairs;
}
