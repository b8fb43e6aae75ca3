import { describe, expect, it } from 'vitest';
import { settledText } from './settled-text.ts';

describe('settledText: what a streaming answer shows before its last syntax is complete', () => {
  it('holds back a link or picture until it closes', () => {
    expect(settledText('参见 [课程介')).toBe('参见 ');
    expect(settledText('参见 [课程](https://exa')).toBe('参见 ');
    expect(settledText('图 ![示意')).toBe('图 ');
    expect(settledText('参见 [课程](https://example.com) 完')).toBe('参见 [课程](https://example.com) 完');
  });

  it('holds back an open code span and bare emphasis markers', () => {
    expect(settledText('运行 `npm i')).toBe('运行 ');
    expect(settledText('运行 `npm i` 即可')).toBe('运行 `npm i` 即可');
    expect(settledText('这是**')).toBe('这是');
    expect(settledText('这是**重点**')).toBe('这是**重点**');
    expect(settledText('- ')).toBe('- ');
  });

  it('holds back a table until its separator row arrives', () => {
    expect(settledText('表格：\n| 项 | 值 |')).toBe('表格：');
    expect(settledText('表格：\n| 项 | 值 |\n|---|---|')).toBe('表格：\n| 项 | 值 |\n|---|---|');
  });

  it('shows code inside an open fence as it arrives', () => {
    expect(settledText('```js\nconst a = `x')).toBe('```js\nconst a = `x');
    expect(settledText('```js\nx\n```\n看 [链')).toBe('```js\nx\n```\n看 ');
  });
});
