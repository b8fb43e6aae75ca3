// Regenerates bench/data/retrieval-short/docs/*.txt from the Chinese manual pages of Debian's
// `manpages-zh` (Simplified Chinese, /usr/share/man/zh_CN): many short documents, one per command
// or file format, the other kind of corpus beside the Debian Reference's few long chapters.
//
//   apt-get install -y manpages-zh groff-base
//   node bench/data/retrieval-short/extract.mjs
//
// Each page is rendered to plain text by groff (one line per paragraph, no hyphenation), its
// section titles (名称, 描述, 选项 …) become `# ` headings, as the server's chunker reads them.
// Only pages really in Chinese are kept (Han characters at least 40 % of the letters), of a size
// a school would upload (300 to 20 000 characters), and one of each set of identical pages. questions.json names answer substrings
// of these files: re-extracting from another package version may move them (the bench checks).
import { execFileSync } from 'node:child_process';
import { readdirSync, rmSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const SOURCE = '/usr/share/man/zh_CN';
const SECTIONS = ['man1', 'man5', 'man7', 'man8'];
const OUT = path.join(import.meta.dirname, 'docs');
const MIN_CHARS = 300;
const MAX_CHARS = 20_000;

function render(file) {
  const troff = execFileSync('zcat', [file], { maxBuffer: 1 << 26 });
  const out = execFileSync('groff', ['-man', '-Tutf8', '-Kutf8', '-rLL=5000n', '-rHY=0', '-P-c', '-P-b', '-P-u'], {
    input: troff, maxBuffer: 1 << 26, stdio: ['pipe', 'pipe', 'ignore'],
  }).toString('utf8');
  const lines = out.split('\n').map((l) => l.replace(/\s+$/u, ''));
  // The first and last non-empty lines are groff's running header and footer (DF(1) 用户命令 DF(1)).
  while (lines.length && !lines[0]) lines.shift();
  while (lines.length && !lines.at(-1)) lines.pop();
  lines.shift();
  lines.pop();
  const text = [];
  for (const line of lines) {
    if (!line) { if (text.at(-1) !== '') text.push(''); continue; }
    // A line at the left margin is a section title; body lines are indented.
    if (!/^\s/u.test(line)) { if (text.length && text.at(-1) !== '') text.push(''); text.push(`# ${line.trim()}`, ''); continue; }
    text.push(line.trim().replace(/ {2,}/gu, ' '));
  }
  return `${text.join('\n').replace(/\n{3,}/gu, '\n\n').trim()}\n`;
}

const han = (s) => (s.match(/\p{Script=Han}/gu) ?? []).length;
const latin = (s) => (s.match(/[A-Za-z]/gu) ?? []).length;

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
let kept = 0; let skipped = 0; let chars = 0;
const seen = new Set(); // several names install one page (vim, gvim, view …): keep the first
for (const section of SECTIONS) {
  for (const f of readdirSync(path.join(SOURCE, section)).sort()) {
    if (!f.endsWith('.gz')) continue;
    let text;
    try { text = render(path.join(SOURCE, section, f)); } catch { skipped++; continue; }
    const n = [...text].length;
    const h = han(text);
    if (n < MIN_CHARS || n > MAX_CHARS || h / (h + latin(text)) < 0.4) { skipped++; continue; }
    if (seen.has(text)) { skipped++; continue; }
    seen.add(text);
    writeFileSync(path.join(OUT, `${f.replace(/\.gz$/u, '')}.txt`), text);
    kept++; chars += n;
  }
}
console.log(`${kept} pages kept (${chars} characters), ${skipped} skipped`);
