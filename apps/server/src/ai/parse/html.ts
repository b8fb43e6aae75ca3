import { Tokenizer } from 'htmlparser2';
import type { ParsedDoc } from './types.ts';
import { TextSink, collapseSpaces, tableRow } from './text.ts';

/**
 * Elements whose content is never reading text (scripts, fallbacks, drawings) or is a site's
 * furniture around the article (navigation, side bars, footers, forms), which would otherwise be
 * indexed on every page imported from the same site.
 */
const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'svg', 'math', 'iframe', 'object', 'canvas', 'nav', 'aside', 'footer', 'form']);
/** Blocks that end a paragraph (a blank line in the text). */
const PARAGRAPHS = new Set([
  'p', 'ul', 'ol', 'dl', 'blockquote', 'pre', 'section', 'article', 'header', 'footer', 'nav', 'aside', 'main',
  'figure', 'figcaption', 'form', 'fieldset', 'hr', 'address', 'details', 'summary', 'caption',
]);
/** Blocks that only end a line. */
const LINES = new Set(['div', 'li', 'br', 'tr', 'dt', 'dd', 'option', 'legend']);

/**
 * HTML to the markdown-like text (headings '#', list items '- ', table rows 'a | b').
 *
 * Built on htmlparser2's Tokenizer rather than its Parser: the Parser keeps open elements with
 * Array#unshift/shift, which is quadratic in the nesting depth (100 000 nested <div>s take many
 * seconds). The text only needs a few counters, never a stack, so depth costs nothing here and
 * nothing recurses.
 */
export function parseHtml(html: string): ParsedDoc {
  const sink = new TextSink();
  let line: string[] = [];
  let prefix = ''; // '- ' for the first line of a list item
  let heading = 0;
  let skipName = '';
  let skipDepth = 0;
  let inHead = false;
  let inTitle = false;
  let title = '';
  let tableDepth = 0;
  let cells: string[] | null = null; // the row of the outermost table being read
  let inCell = false;
  let preDepth = 0;

  const flushLine = () => {
    if (heading) return; // a heading is one line, written when it closes
    const text = collapseSpaces(line.join('')).trim();
    line = [];
    if (!text) return;
    sink.line(prefix + text);
    prefix = '';
  };
  const flushHeading = () => {
    const level = heading;
    heading = 0;
    sink.heading(level, line.join(''));
    line = [];
  };
  const flushRow = () => {
    if (!cells) return;
    flushLine();
    sink.line(tableRow(cells));
    cells = null;
    inCell = false;
  };
  // Inside a cell or a heading, a block boundary is only a space: the row / heading stays one line.
  const breakLine = (paragraph: boolean) => {
    if (inCell || heading) return void addText(' ');
    flushLine();
    if (paragraph) sink.paragraph();
  };
  const addText = (s: string) => {
    if (skipDepth) return;
    if (inTitle) return void (title += s);
    if (inHead) return;
    if (inCell && cells) return void (cells[cells.length - 1] += s);
    if (preDepth && !heading && s.includes('\n')) {
      const [first, ...rest] = s.split('\n');
      line.push(first ?? '');
      for (const r of rest) { flushLine(); line.push(r); }
      return;
    }
    line.push(s);
  };

  const open = (name: string) => {
    if (skipDepth) return void (name === skipName && skipDepth++);
    if (SKIPPED.has(name)) return void ((skipName = name), (skipDepth = 1));
    const h = /^h([1-6])$/.exec(name);
    if (h && !inCell) {
      breakLine(true);
      heading = Number(h[1]);
      return;
    }
    switch (name) {
      case 'head': inHead = true; return;
      case 'body': inHead = false; return;
      case 'title': inTitle = !title; return;
      case 'table':
        if (++tableDepth > 1) return void addText(' ');
        return breakLine(true);
      case 'tr':
        if (tableDepth > 1) return void addText(' ');
        flushRow();
        cells = [];
        return;
      case 'td': case 'th':
        if (tableDepth > 1 || !cells) return void addText(' ');
        flushLine(); // text between cells is not part of a cell
        cells.push('');
        inCell = true;
        return;
      case 'li':
        breakLine(false);
        if (!inCell && !heading) prefix = '- ';
        return;
      case 'pre':
        breakLine(true);
        // Code stays fenced, so a line such as `# apt-get update` is never read as a heading.
        if (preDepth++ === 0 && !inCell && !heading) sink.line('```');
        return;
    }
    if (PARAGRAPHS.has(name)) breakLine(true);
    else if (LINES.has(name)) breakLine(false);
  };

  const close = (name: string) => {
    if (skipDepth) return void (name === skipName && skipDepth--);
    const h = /^h([1-6])$/.exec(name);
    if (h && heading) return flushHeading();
    switch (name) {
      case 'head': inHead = false; return;
      case 'title': inTitle = false; return;
      case 'table':
        if (tableDepth > 1) return void (tableDepth--, addText(' '));
        flushRow();
        tableDepth = Math.max(0, tableDepth - 1);
        return breakLine(true);
      case 'tr':
        if (tableDepth <= 1) flushRow();
        return;
      case 'td': case 'th':
        if (tableDepth <= 1) inCell = false;
        else addText(' ');
        return;
      case 'pre':
        if (inCell || heading) return void (preDepth = Math.max(0, preDepth - 1));
        flushLine();
        if (preDepth === 1) sink.line('```');
        preDepth = Math.max(0, preDepth - 1);
        return breakLine(true);
    }
    if (PARAGRAPHS.has(name)) breakLine(true);
    else if (LINES.has(name) && name !== 'br') breakLine(false);
  };

  const tokenizer = new Tokenizer({ decodeEntities: true }, {
    ontext: (start, end) => addText(html.slice(start, end)),
    ontextentity: (cp) => addText(String.fromCodePoint(cp)),
    onopentagname: (start, end) => open(html.slice(start, end).toLowerCase()),
    onclosetag: (start, end) => close(html.slice(start, end).toLowerCase()),
    onopentagend: () => undefined,
    onselfclosingtag: () => undefined,
    onattribdata: () => undefined,
    onattribentity: () => undefined,
    onattribend: () => undefined,
    onattribname: () => undefined,
    oncdata: () => undefined,
    oncomment: () => undefined,
    ondeclaration: () => undefined,
    onprocessinginstruction: () => undefined,
    onend: () => undefined,
  });
  tokenizer.write(html);
  tokenizer.end();
  if (heading) flushHeading();
  flushRow();
  flushLine();
  const t = collapseSpaces(title).trim();
  return t ? { text: sink.text, title: t } : { text: sink.text };
}
