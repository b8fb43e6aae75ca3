import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { MSG } from '@xueban/contract/messages';
import { ParseError } from './errors.ts';
import { KNOWLEDGE_EXTENSIONS, kindOf, parseDocumentInProcess as parseDocument } from './in-process.ts';
import { chunkText } from './chunk.ts';
import { writePageText } from './pdf.ts';
import { TextSink } from './text.ts';
import { docx, encryptedPdf, gbk, minimalPdf, pdfText, rejection, tempDir } from './test-fixtures.ts';

let tmp: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => { tmp = await tempDir(); });
afterAll(() => tmp.remove());

/** Uploads are stored under random names without extensions; the user's file name picks the parser. */
let n = 0;
const stored = (data: string | Uint8Array) => tmp.file(`upload-${++n}`, data);

async function expectParseError(p: Promise<unknown>, message: string) {
  const err = await rejection(p);
  expect(err).toBeInstanceOf(ParseError);
  expect(err.message).toBe(message);
}

describe('kindOf / KNOWLEDGE_EXTENSIONS', () => {
  it('maps extensions case-insensitively and refuses others', () => {
    expect(KNOWLEDGE_EXTENSIONS).toEqual(['pdf', 'docx', 'doc', 'pptx', 'ppt', 'xlsx', 'xls', 'csv', 'txt', 'md', 'html']);
    expect(kindOf('手册.PDF')).toBe('pdf');
    expect(kindOf('a.b.Docx')).toBe('docx');
    expect(kindOf('page.htm')).toBe('html');
    expect(kindOf('notes.MD')).toBe('md');
    expect(kindOf('README')).toBeNull();
    expect(kindOf('virus.exe')).toBeNull();
    expect(kindOf('archive.pdf.zip')).toBeNull();
  });

  it('refuses an unknown kind and an empty file with a user message', async () => {
    await expectParseError(parseDocument(await stored('x'), 'a.exe'), MSG.parseKindUnsupported);
    await expectParseError(parseDocument(await stored(''), 'empty.pdf'), MSG.noTextExtracted);
    await expectParseError(parseDocument(await stored(' \r\n\t\n'), 'blank.txt'), MSG.noTextExtracted);
  });
});

describe('text files', () => {
  it('reads UTF-8 with or without BOM, normalises line ends, keeps markdown as is', async () => {
    expect(await parseDocument(await stored('\ufeff第一行\r\n第二行'), 'a.txt')).toEqual({ text: '第一行\n第二行' });
    const md = '# 标题\n\n- 项目\n\n```js\nconst a = 1;\n```';
    expect(await parseDocument(await stored(md), 'b.md')).toEqual({ text: md });
  });

  it('reads GBK when the bytes are not valid UTF-8', async () => {
    expect(await parseDocument(await stored(gbk('中文 txt\n问题')), 'gbk.txt')).toEqual({ text: '中文 txt\n问题' });
  });

  it('reads an .html file through the HTML reader, title included', async () => {
    const html = '<html><head><title>页面</title></head><body><h2>小节</h2><p>内容</p></body></html>';
    expect(await parseDocument(await stored(html), 'p.html')).toEqual({ title: '页面', text: '## 小节\n\n内容' });
  });
});

describe('csv', () => {
  it('gives the header row first and every row as "a | b | c", quotes and BOM handled', async () => {
    const csv = '\ufeff名称,说明,备注\r\n"甲,乙","多\n行",\r\n\r\n丙,丁,戊\r\n';
    expect(await parseDocument(await stored(csv), 'a.csv')).toEqual({ text: '名称 | 说明 | 备注\n甲,乙 | 多 行\n丙 | 丁 | 戊' });
  });

  it('decodes a GBK csv', async () => {
    expect(await parseDocument(await stored(gbk('问题,答案\r\n中文,文\r\n')), 'gbk.csv')).toEqual({ text: '问题 | 答案\n中文 | 文' });
  });
});

describe('docx', () => {
  it('keeps Word headings as # lines, paragraphs and tables, so chunks carry the heading', async () => {
    const file = await docx([
      { text: '第一章 概述', style: 'Heading1' },
      { text: '本手册介绍系统的安装。' },
      { text: '安装', style: 'Heading2' },
      { text: '先下载安装包。' },
    ], [['参数', '说明'], ['port', '端口']]);
    const parsed = await parseDocument(await stored(file), '手册.docx');
    expect(parsed.text).toBe('# 第一章 概述\n\n本手册介绍系统的安装。\n\n## 安装\n\n先下载安装包。\n\n参数 | 说明\nport | 端口');
    expect(chunkText(parsed)).toEqual([
      { heading: '第一章 概述', content: '本手册介绍系统的安装。' },
      { heading: '第一章 概述 > 安装', content: '先下载安装包。\n\n参数 | 说明\nport | 端口' },
    ]);
  });
});

describe('xlsx', () => {
  it('gives one "# 工作表名" section per non-empty sheet, cells as shown text', async () => {
    const wb = new ExcelJS.Workbook();
    const scores = wb.addWorksheet('成绩表');
    scores.addRow(['姓名', '日期', '总分', '备注']);
    scores.addRow(['张三', new Date(Date.UTC(2024, 8, 1)), { formula: 'SUM(1,2)', result: 3 }, { richText: [{ text: '优' }, { text: '秀' }] }]);
    scores.addRow(['李四', null, 88, { text: '主页', hyperlink: 'https://example.com' }]);
    wb.addWorksheet('空白');
    wb.addWorksheet('说明').addRow(['仅供参考']);
    const file = await stored(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(await parseDocument(file, '成绩.XLSX')).toEqual({
      text: '# 成绩表\n\n姓名 | 日期 | 总分 | 备注\n张三 | 2024-09-01 | 3 | 优秀\n李四 |  | 88 | 主页\n\n# 说明\n\n仅供参考',
    });
  });
});

describe('pdf', () => {
  it('joins items into lines, wrapped lines into paragraphs, pages apart; title from the Info dictionary', async () => {
    const pdf = minimalPdf(
      [pdfText(['Getting started with the', 'system is easy.', '', '', 'Second paragraph.']), pdfText(['Page two.'])],
      { objects: ['<< /Title (User Manual) >>'], trailer: '/Info 8 0 R' },
    );
    expect(await parseDocument(await stored(pdf), 'manual.pdf')).toEqual({
      title: 'User Manual',
      text: 'Getting started with the system is easy.\n\nSecond paragraph.\n\nPage two.',
    });
  });

  it('joins Chinese wrapped lines without spaces and Latin items with one where there is a gap', () => {
    // Items as pdf.js gives them: [a, b, c, d, x, y] transforms at 12 pt, widths in page units.
    const item = (str: string, x: number, y: number, width: number, hasEOL = false) =>
      ({ str, dir: 'ltr', width, height: 12, transform: [12, 0, 0, 12, x, y], fontName: 'f', hasEOL });
    const sink = new TextSink();
    writePageText([
      item('第一行的文字，', 72, 700, 84), item('没有空格', 156, 700, 48, true),
      item('继续的内容。', 72, 686, 72, true),
      item('Hello', 72, 640, 30), item('world', 106, 640, 30), item('!', 136, 640, 4), item('', 140, 640, 0, true),
      item('wrapped line and hyph-', 72, 626, 130), item('enated word', 72, 612, 60),
    ], sink);
    expect(sink.text).toBe('第一行的文字，没有空格继续的内容。\n\nHello world! wrapped line and hyphenated word');
  });

  it('says no text was found for a PDF of images only (here: empty pages)', async () => {
    await expectParseError(parseDocument(await stored(minimalPdf(['', ''])), 'scan.pdf'), MSG.noTextExtracted);
  });

  it('says an encrypted PDF cannot be read', async () => {
    await expectParseError(parseDocument(await stored(encryptedPdf()), 'locked.pdf'), MSG.fileEncrypted);
  });
});
