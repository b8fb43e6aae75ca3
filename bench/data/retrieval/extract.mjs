// Regenerates bench/data/retrieval/docs/*.txt from the Debian Reference (Simplified Chinese),
// with the server's own HTML parser, so the text is what the knowledge base would index:
//
//   apt-get install -y debian-reference-zh-cn
//   node --import tsx bench/data/retrieval/extract.mjs
//
// The questions in questions.json name answer substrings of these files: re-extracting from a
// different package version may move or change them (the bench checks every one and says which).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseHtml } from '../../../apps/server/src/ai/parse/html.ts';

const SOURCE = '/usr/share/debian-reference';
export const CHAPTERS = ['ch03', 'ch04', 'ch05', 'ch06', 'ch07', 'ch08', 'ch10'];

for (const ch of CHAPTERS) {
  const { text, title } = parseHtml(readFileSync(path.join(SOURCE, `${ch}.zh-cn.html`), 'utf8'));
  const out = path.join(import.meta.dirname, 'docs', `${ch}.txt`);
  writeFileSync(out, `${text.trim()}\n`);
  console.log(`${path.basename(out)}: ${title}, ${text.length} characters`);
}
