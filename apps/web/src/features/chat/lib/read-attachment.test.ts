import { describe, expect, it } from 'vitest';
import { MSG } from '@xueban/contract/messages';
import { attachmentKind, checkAttachments, csvToText, parseCsv, readAttachment } from './read-attachment.ts';

describe('attachment limits', () => {
  it('refuses a sixth file and a file over 10 MB', () => {
    expect(checkAttachments(4, [{ size: 1 }, { size: 1 }])).toBe(MSG.attachmentTooMany);
    expect(checkAttachments(0, [{ size: 10 * 1024 * 1024 + 1 }])).toBe(MSG.attachmentTooLarge);
    expect(checkAttachments(4, [{ size: 10 * 1024 * 1024 }])).toBe('');
  });
});

describe('csv reading', () => {
  it('keeps the header row and the first two columns, with quoted commas and quotes', () => {
    const text = 'question,answer,extra\r\n"a, b","say ""hi""",x\n\nlast,row';
    expect(parseCsv(text)).toEqual([['question', 'answer', 'extra'], ['a, b', 'say "hi"', 'x'], ['last', 'row']]);
    expect(csvToText(text)).toBe('question\tanswer\na, b\tsay "hi"\nlast\trow');
  });

  it('says the csv could not be parsed when a quote never closes', async () => {
    const file = new File(['a,"broken\n'], 'bad.csv');
    await expect(readAttachment(file)).rejects.toThrow(MSG.readCsvFailed);
  });

  it('reads plain text and markdown as they are, and refuses unknown kinds', async () => {
    await expect(readAttachment(new File(['# 标题\n正文'], 'note.md'))).resolves.toEqual({ text: '# 标题\n正文' });
    await expect(readAttachment(new File(['x'], 'tool.exe'))).rejects.toThrow(MSG.readFileFailed);
  });
});

describe('how an attachment goes with the question', () => {
  const images = ['png', 'jpg', 'jpeg', 'gif'];
  it('sends pictures as images, readable documents as text, and keeps every other kind as a file to preview or download', () => {
    expect(attachmentKind('叶片.PNG', '', images)).toBe('image');
    expect(attachmentKind('scan', 'image/webp', images)).toBe('image');
    for (const doc of ['讲义.docx', '表.xlsx', '手册.pdf', '笔记.md', '数据.csv']) expect(attachmentKind(doc, '', images)).toBe('document');
    for (const other of ['期中复习.pptx', '实验.mp4', '朗读.mp3', '课件包.zip', 'setup.exe', 'README']) expect(attachmentKind(other, '', images)).toBe('file');
  });
});
