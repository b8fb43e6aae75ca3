import { describe, expect, it } from 'vitest';
import { MSG } from '@xueban/contract/messages';
import { ParseError, parseHtml } from './index.ts';
import { chunkText } from './chunk.ts';

describe('parseHtml', () => {
  it('turns headings, paragraphs, lists, breaks and tables into the markdown-like text', () => {
    const html = `<!doctype html><html><head><title> 课程 &amp; 资料 </title><meta charset="utf-8">
      <style>p { color: red }</style><script>var x = "<p>no</p>";</script></head>
      <body><h1>第一章  安装</h1><p>先下载<b>安装包</b>，再&nbsp;运行。</p>
      <div>第一行<br>第二行</div>
      <ul><li>步骤一</li><li>步骤<i>二</i></li></ul>
      <h2>参数</h2><table><tr><th>名称</th><th>说明</th></tr><tr><td><p>port</p></td><td>端口<br>默认 80</td></tr></table>
      <noscript>请启用脚本</noscript><template><p>模板</p></template><svg><text>图</text><title>svg 标题</title></svg>
      <p>&lt;结束&gt; &#x4E2D;&#25991;</p></body></html>`;
    expect(parseHtml(html)).toEqual({
      title: '课程 & 资料',
      text: [
        '# 第一章 安装', '', '先下载安装包，再 运行。', '', '第一行', '第二行', '', '- 步骤一', '- 步骤二', '',
        '## 参数', '', '名称 | 说明', 'port | 端口 默认 80', '', '<结束> 中文',
      ].join('\n'),
    });
  });

  it('fences <pre> blocks, so a root prompt line stays code and never becomes a heading', () => {
    const doc = parseHtml('<h2>设置语言</h2><p>以 root 运行：</p><pre># dpkg-reconfigure locales\n# apt-get update</pre><p>完成。</p>');
    expect(doc.text).toBe('## 设置语言\n\n以 root 运行：\n\n```\n# dpkg-reconfigure locales\n# apt-get update\n```\n\n完成。');
    const chunks = chunkText(doc);
    expect(chunks.map((c) => c.heading)).toEqual(['设置语言']);
    expect(chunks[0]!.content).toContain('# dpkg-reconfigure locales');
  });

  it('leaves out the site\'s navigation, side bars, footers and forms', () => {
    const doc = parseHtml('<nav>首页 | 关于</nav><main><h1>细胞</h1><p>细胞由细胞膜组成。</p></main><aside>热门文章</aside><form><label>搜索</label></form><footer>版权所有</footer>');
    expect(doc.text).toBe('# 细胞\n\n细胞由细胞膜组成。');
  });

  it('has no title when the page gives none, and keeps line breaks inside <pre>', () => {
    expect(parseHtml('<pre>a  b\nc</pre><p>d</p>')).toEqual({ text: '```\na b\nc\n```\n\nd' });
  });

  it('reads 100 000 nested elements without recursion and in bounded time', () => {
    const depth = 100_000;
    const html = `${'<div>'.repeat(depth)}深处的文字${'</div>'.repeat(depth)}<p>之后</p>`;
    const started = performance.now();
    expect(parseHtml(html).text).toBe('深处的文字\n\n之后');
    // Unclosed too (the parser's implied closes at the end).
    expect(parseHtml(`${'<div><span>'.repeat(depth)}x`).text).toBe('x');
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('refuses a page whose text passes 2 000 000 characters', () => {
    const html = `<p>${'字'.repeat(1_000_000)}</p><p>${'字'.repeat(1_000_001)}</p>`;
    let err: unknown;
    try {
      parseHtml(html);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ParseError);
    expect((err as Error).message).toBe(MSG.fileTooMuchContent);
  });
});
