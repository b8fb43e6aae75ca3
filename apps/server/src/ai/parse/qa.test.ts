import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { MSG } from '@xueban/contract/messages';
import { ParseError } from './errors.ts';
import { parseQaFileInProcess as parseQaFile } from './in-process.ts';
import { gbk, rejection, tempDir } from './test-fixtures.ts';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => { tmp = await tempDir(); });
afterAll(() => tmp.remove());
let n = 0;
const stored = (data: string | Uint8Array) => tmp.file(`upload-${++n}`, data);

async function xlsx(sheets: Record<string, unknown[][]>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) wb.addWorksheet(name).addRows(rows);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('parseQaFile', () => {
  it('finds 问题/答案 columns by header wherever they are, skipping incomplete rows', async () => {
    const csv = '编号,答案,问题（必填）\n1,周一到周五,什么时候上课？\n2,,没有答案的问题\n3,"多行\r\n答案",第三个问题\n';
    expect(await parseQaFile(await stored(csv), 'qa.csv')).toEqual([
      { question: '什么时候上课？', answer: '周一到周五' },
      { question: '第三个问题', answer: '多行\n答案' },
    ]);
  });

  it('matches English headers in any case', async () => {
    const csv = 'ANSWER,Question\nParis,Capital of France?\n';
    expect(await parseQaFile(await stored(csv), 'qa.CSV')).toEqual([{ question: 'Capital of France?', answer: 'Paris' }]);
  });

  it('without a recognised header, takes the first two columns and keeps the first row', async () => {
    const csv = '一加一等于几,二,备注\n天空是什么颜色,蓝色,\n';
    expect(await parseQaFile(await stored(csv), 'qa.csv')).toEqual([
      { question: '一加一等于几', answer: '二' },
      { question: '天空是什么颜色', answer: '蓝色' },
    ]);
  });

  it('reads a GBK csv', async () => {
    expect(await parseQaFile(await stored(gbk('问题,答案\r\n中文,文\r\n')), 'gbk.csv')).toEqual([{ question: '中文', answer: '文' }]);
  });

  it('reads every sheet of an xlsx, each with its own header', async () => {
    const file = await stored(await xlsx({
      常见问题: [['问题', '答案'], ['如何登录？', '使用学号登录'], ['学费', 1200]],
      English: [['question', 'answer'], ['Hours?', '9-5']],
      空: [],
    }));
    expect(await parseQaFile(file, '问答.xlsx')).toEqual([
      { question: '如何登录？', answer: '使用学号登录' },
      { question: '学费', answer: '1200' },
      { question: 'Hours?', answer: '9-5' },
    ]);
  });

  it('refuses other kinds, spoofed content and files with no pairs, as ParseErrors', async () => {
    const cases: [string | Uint8Array, string, string][] = [
      ['问题,答案\n', 'qa.txt', MSG.parseQaKindUnsupported],
      ['问题,答案\n', 'qa.pdf', MSG.parseQaKindUnsupported],
      ['not a zip', 'qa.xlsx', MSG.fileContentMismatch],
      ['问题,答案\n只有问题,\n', 'qa.csv', MSG.parseQaEmpty],
      ['', 'qa.csv', MSG.noTextExtracted],
    ];
    for (const [data, name, message] of cases) {
      const err = await rejection(parseQaFile(await stored(data), name));
      expect(err).toBeInstanceOf(ParseError);
      expect(err.message).toBe(message);
    }
  });
});
