import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installAntdJsdomShims } from '../../test-support/antd-jsdom.ts';
import { MarkdownBody } from './MarkdownBody.tsx';

const show = (content: string, streaming = false) => render(<MarkdownBody content={content} streaming={streaming} />).container;

describe('MarkdownBody: an AI answer as safe markdown (design.md §8)', () => {
  beforeEach(installAntdJsdomShims);
  afterEach(cleanup);

  it('renders GFM: headings, emphasis, lists with tasks, a table, a quote, a rule', () => {
    const root = show([
      '## 标题', '', '**粗体** *斜体* ~~删除~~ `代码`', '',
      '3. 三', '4. 四', '', '- [x] 已完成', '- [ ] 未完成', '',
      '| 项 | 值 |', '|:--|--:|', '| a | 1 |', '', '> 引用', '', '---',
    ].join('\n'));
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('标题');
    expect(root.querySelector('strong')?.textContent).toBe('粗体');
    expect(root.querySelector('em')?.textContent).toBe('斜体');
    expect(root.querySelector('del')?.textContent).toBe('删除');
    expect(root.querySelector('code.chat-md-inline-code')?.textContent).toBe('代码');
    expect(root.querySelector('ol')?.getAttribute('start')).toBe('3');
    expect([...root.querySelectorAll<HTMLInputElement>('li input[type=checkbox]')].map((c) => c.checked)).toEqual([true, false]);
    expect(root.querySelector('.chat-md-table-wrap th')?.getAttribute('align')).toBe('left');
    expect(root.querySelector('td[align=right]')?.textContent).toBe('1');
    expect(root.querySelector('blockquote')?.textContent).toBe('引用');
    expect(root.querySelector('hr')).not.toBeNull();
  });

  it('shows raw HTML as text, never as elements', () => {
    const root = show('<img src=x onerror="alert(1)">\n\n行内 <b onclick="x()">粗</b> 与 &lt;标签&gt; &amp;');
    expect(root.querySelector('img, b')).toBeNull();
    expect(root.textContent).toContain('<img src=x onerror="alert(1)">');
    expect(root.textContent).toContain('<b onclick="x()">粗</b> 与 <标签> &');
  });

  it('keeps links safe: http(s) opens in a new tab, javascript: is plain text, a foreign picture is only a link', () => {
    const root = show('[课程](https://example.com/a) [危险](javascript:alert(1)) ![图](https://evil.example/p.png)');
    const course = screen.getByRole('link', { name: '课程' });
    expect(course.getAttribute('href')).toBe('https://example.com/a');
    expect(course.getAttribute('target')).toBe('_blank');
    expect(course.getAttribute('rel')).toBe('noopener noreferrer');
    expect(root.querySelector('.chat-md-plain-link')?.textContent).toBe('危险');
    expect(root.querySelector('img')).toBeNull();
    expect(root.querySelector('a.chat-md-external-image')?.getAttribute('href')).toBe('https://evil.example/p.png');
  });

  it('puts a fenced block in a code frame with its language and keeps its text exact', async () => {
    const root = show('```python\nprint("<你好>")\n```');
    // Plain at once, framed once the code chunk has loaded.
    expect(root.querySelector('pre code')?.textContent).toBe('print("<你好>")');
    await waitFor(() => expect(root.querySelector('.chat-md-code-lang')?.textContent).toBe('python'));
    expect(root.querySelector('.chat-md-code')?.textContent).toContain('print("<你好>")');
  });

  it('while streaming, holds back half-written syntax and shows a cursor', () => {
    const root = show('请看 [课程](https://exa', true);
    expect(root.querySelector('.chat-md-streaming')).not.toBeNull();
    expect(root.textContent).toBe('请看 ');
    expect(root.querySelector('a')).toBeNull();
  });

  it('renders a formula with KaTeX once it has loaded', async () => {
    const root = show('公式 $x^2$ 完');
    await waitFor(() => expect(root.querySelector('.katex')).not.toBeNull(), { timeout: 5000 });
    expect(root.textContent).not.toContain('$x^2$');
  });
});
