import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { chunkText, splitSentences } from './chunk.ts';

const cp = (s: string) => Array.from(s).length;
const doc = (text: string) => ({ text });

describe('chunkText', () => {
  it('keeps the heading path of each section and packs short paragraphs together', () => {
    const text = '前言段落。\n\n# 第一章\n\n概述。\n\n## 安装\n\n第一步。\n\n第二步。\n\n## 配置\n\n配置说明。\n\n# 第二章\n\n### 深层\n\n内容。';
    expect(chunkText(doc(text))).toEqual([
      { heading: '', content: '前言段落。' },
      { heading: '第一章', content: '概述。' },
      { heading: '第一章 > 安装', content: '第一步。\n\n第二步。' },
      { heading: '第一章 > 配置', content: '配置说明。' },
      { heading: '第二章 > 深层', content: '内容。' }, // a skipped level leaves no empty step in the path
    ]);
  });

  it('never splits a paragraph that fits, moving it whole to the next chunk', () => {
    const a = '甲'.repeat(300);
    const b = '乙'.repeat(250);
    const c = '丙'.repeat(200);
    const chunks = chunkText(doc(`${a}\n\n${b}\n\n${c}`), { size: 600, overlap: 0 });
    expect(chunks.map((x) => x.content)).toEqual([`${a}\n\n${b}`, c]);
  });

  it('cuts an oversized paragraph at sentence ends (。！？.!?), counting code points', () => {
    const sentence = '这是一个完整的句子！'; // 10 characters
    const para = sentence.repeat(100); // 1000
    const chunks = chunkText(doc(para), { size: 600, overlap: 0 });
    expect(chunks.map((c) => cp(c.content))).toEqual([600, 400]);
    for (const c of chunks) expect(c.content.endsWith('！')).toBe(true);
    // Astral characters count once (the size is in characters, not UTF-16 units).
    const emoji = '😀'.repeat(50);
    expect(chunkText(doc(emoji), { size: 50, overlap: 0 })).toEqual([{ heading: '', content: emoji }]);
  });

  it('hard-cuts a sentence longer than the size as the last resort', () => {
    const chunks = chunkText(doc('字'.repeat(1500)), { size: 600, overlap: 0 });
    expect(chunks.map((c) => cp(c.content))).toEqual([600, 600, 300]);
  });

  it('overlaps with whole sentences from the end of the previous chunk, within the size', () => {
    const sentences = Array.from({ length: 60 }, (_, i) => `第${String(i).padStart(2, '0')}句内容在这里。`); // 10 chars each
    const chunks = chunkText(doc(sentences.join('')), { size: 100, overlap: 35 });
    expect(chunks[0]!.content).toBe(sentences.slice(0, 10).join(''));
    // Three whole sentences (30 ≤ 35) from the end of the previous chunk, then seven new ones.
    expect(chunks[1]!.content).toBe(sentences.slice(7, 17).join(''));
    for (let i = 1; i < chunks.length; i++) {
      const cur = chunks[i]!.content;
      expect(cp(cur)).toBeLessThanOrEqual(100);
      expect(chunks[i - 1]!.content.endsWith(cur.slice(0, 30))).toBe(true);
    }
    expect(chunks.at(-1)!.content.endsWith(sentences[59]!)).toBe(true);
    // A tail with no sentence end within the overlap falls back to the last characters.
    const [a, b] = chunkText(doc('字'.repeat(150)), { size: 100, overlap: 10 });
    expect([cp(a!.content), cp(b!.content)]).toEqual([100, 60]);
  });

  it('does not carry overlap across a heading', () => {
    const text = `# 一\n\n${'甲句子。'.repeat(40)}\n\n# 二\n\n${'乙句子。'.repeat(40)}`;
    const chunks = chunkText(doc(text), { size: 100, overlap: 20 });
    const firstOfTwo = chunks.find((c) => c.heading === '二')!;
    expect(firstOfTwo.content.startsWith('乙')).toBe(true);
    expect(chunks.filter((c) => c.heading === '二').every((c) => !c.content.includes('甲'))).toBe(true);
  });

  it('splits English at ". " but not inside numbers, and at newlines (table rows)', () => {
    expect(splitSentences('Pi is 3.14 here. Next one! Done')).toEqual(['Pi is 3.14 here. ', 'Next one! ', 'Done']);
    expect(splitSentences('他说：“好。”然后走了')).toEqual(['他说：“好。”', '然后走了']);
    const rows = Array.from({ length: 30 }, (_, i) => `行${i} | 值${i}`).join('\n');
    for (const c of chunkText(doc(rows), { size: 60, overlap: 0 })) {
      for (const line of c.content.split('\n')) expect(line).toMatch(/^行\d+ \| 值\d+$/);
    }
  });

  it('ignores # lines inside fenced code, and gives no empty chunks for empty sections', () => {
    const text = '# 标题\n\n```\n# not a heading\n\ncode\n```\n\n# 空\n\n# 末\n\n   \n\n结尾';
    expect(chunkText(doc(text))).toEqual([
      { heading: '标题', content: '```\n# not a heading\n\ncode\n```' },
      { heading: '末', content: '结尾' },
    ]);
    expect(chunkText(doc(''))).toEqual([]);
    expect(chunkText(doc('\n\n  \n# 只有标题\n'))).toEqual([]);
  });

  it('property: bounded, non-empty, deterministic, and covering every paragraph', () => {
    const para = fc.array(fc.constantFrom('中', '文', '。', '！', 'a', ' ', '.', '？', '😀', '\n'), { minLength: 1, maxLength: 900 })
      .map((cs) => cs.join('').trim()).filter((s) => s.length > 0 && !s.startsWith('#'));
    const textArb = fc.array(fc.oneof(para, fc.constantFrom('# 一', '## 二', '### 三')), { maxLength: 12 }).map((ps) => ps.join('\n\n'));
    fc.assert(fc.property(textArb, fc.integer({ min: 20, max: 700 }), fc.integer({ min: 0, max: 100 }), (text, size, overlap) => {
      const chunks = chunkText(doc(text), { size, overlap });
      expect(chunkText(doc(text), { size, overlap })).toEqual(chunks);
      for (const c of chunks) {
        expect(c.content.trim()).not.toBe('');
        expect(cp(c.content)).toBeLessThanOrEqual(size);
      }
      // Without overlap, every non-space character of the body ends up in exactly one chunk.
      const body = text.split('\n').filter((l) => !/^#{1,6} /.test(l)).join('').replace(/\s/g, '');
      const joined = chunkText(doc(text), { size, overlap: 0 }).map((c) => c.content).join('').replace(/\s/g, '');
      expect(joined).toBe(body);
    }), { numRuns: 200 });
  });
});
