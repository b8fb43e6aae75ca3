import type { ParsedDoc } from './types.ts';
import { cpLength } from './text.ts';

export interface Chunk {
  /** Heading path of the section, e.g. '第一章 > 安装'; '' before the first heading. */
  heading: string;
  content: string;
}

interface Section { heading: string; paragraphs: string[] }
/** A unit the packer places whole: a paragraph, or a sentence (or hard cut) of one too long to fit. */
interface Piece { text: string; length: number; newParagraph: boolean }

const HEADING = /^(#{1,6})[ \t]+(.*?)[ \t#]*$/;
const FENCE = /^\s*(```|~~~)/;
const CJK_ENDS = new Set(['。', '！', '？']);
const LATIN_ENDS = new Set(['.', '!', '?']);
const CLOSERS = new Set(['"', "'", ')', '”', '’', '」', '』', '）', '】', '》']);

/**
 * Splits parsed text into chunks for indexing: within each heading section, whole paragraphs are
 * packed up to `size` characters (code points — Chinese has no spaces to count words by); a paragraph
 * longer than that is cut at sentence ends, and a sentence still too long is hard-cut. Each chunk
 * after the first of a section starts with up to `overlap` characters from the end of the one before,
 * whole sentences where they fit, so a fact on the boundary is found from either side.
 * Pure and deterministic: re-indexing the same text gives the same chunks.
 */
export function chunkText(doc: ParsedDoc, opts: { size?: number; overlap?: number } = {}): Chunk[] {
  const size = Math.max(1, Math.floor(opts.size ?? 600));
  const overlap = Math.min(Math.max(0, Math.floor(opts.overlap ?? 80)), size - 1);
  const chunks: Chunk[] = [];
  for (const section of sections(doc.text)) {
    const pieces = section.paragraphs.flatMap((p) => paragraphPieces(p, size));
    for (const content of pack(pieces, size, overlap)) chunks.push({ heading: section.heading, content });
  }
  return chunks;
}

/** Heading lines start sections; blank lines end paragraphs (except inside a fenced code block). */
function sections(text: string): Section[] {
  const out: Section[] = [];
  const path: string[] = [];
  let current: Section = { heading: '', paragraphs: [] };
  let para: string[] = [];
  let fenced = false;
  const endParagraph = () => {
    if (para.some((l) => l.trim())) current.paragraphs.push(para.join('\n').trim());
    para = [];
  };
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    if (FENCE.test(line)) fenced = !fenced;
    const h = fenced ? null : HEADING.exec(line);
    if (h) {
      endParagraph();
      if (current.paragraphs.length) out.push(current);
      const level = h[1]!.length;
      path.length = level;
      path[level - 1] = h[2]!.trim();
      current = { heading: path.filter(Boolean).join(' > '), paragraphs: [] };
    } else if (!line.trim() && !fenced) {
      endParagraph();
    } else {
      para.push(line);
    }
  }
  endParagraph();
  if (current.paragraphs.length) out.push(current);
  return out;
}

function paragraphPieces(paragraph: string, size: number): Piece[] {
  const length = cpLength(paragraph);
  if (length <= size) return [{ text: paragraph, length, newParagraph: true }];
  const pieces: Piece[] = [];
  for (const sentence of splitSentences(paragraph)) {
    const chars = Array.from(sentence);
    for (let i = 0; i < chars.length; i += size) {
      const text = chars.slice(i, i + size).join('');
      if (text.trim()) pieces.push({ text, length: Math.min(size, chars.length - i), newParagraph: false });
    }
  }
  if (pieces[0]) pieces[0].newParagraph = true;
  return pieces;
}

/**
 * Sentences ending at 。！？ (with any closing quotes), at .!? followed by a space or the end, and at
 * newlines. Each keeps its terminator and trailing spaces, so joining them gives the text back.
 */
export function splitSentences(text: string): string[] {
  const chars = Array.from(text);
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    cur += c;
    let end = c === '\n';
    if (CJK_ENDS.has(c) || LATIN_ENDS.has(c)) {
      while (i + 1 < chars.length && (CJK_ENDS.has(chars[i + 1]!) || LATIN_ENDS.has(chars[i + 1]!) || CLOSERS.has(chars[i + 1]!))) cur += chars[++i];
      const next = chars[i + 1];
      // '3.14' or 'e.g.x' are not sentence ends; a CJK full stop always is.
      end = CJK_ENDS.has(c) || next === undefined || /\s/.test(next);
      while (end && i + 1 < chars.length && /[ \t]/.test(chars[i + 1]!)) cur += chars[++i];
    }
    if (end) {
      out.push(cur);
      cur = '';
    }
  }
  if (cur) out.push(cur);
  return out;
}

/** Greedy packing of one section's pieces; paragraphs joined by a blank line, sentences run on. */
function pack(pieces: Piece[], size: number, overlap: number): string[] {
  const out: string[] = [];
  let cur = '';
  let curLength = 0;
  const join = (p: Piece) => (cur ? (p.newParagraph ? 2 : 0) : 0);
  for (const p of pieces) {
    if (cur && curLength + join(p) + p.length > size) {
      out.push(cur.trim());
      cur = tail(cur, Math.min(overlap, size - p.length - (p.newParagraph ? 2 : 0)));
      curLength = cpLength(cur);
    }
    const sep = join(p);
    cur += (sep ? '\n\n' : '') + p.text;
    curLength += sep + p.length;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

/** The last whole sentences of `text` within `budget` characters; else its last `budget` characters. */
function tail(text: string, budget: number): string {
  if (budget <= 0) return '';
  const sentences = splitSentences(text.trimEnd());
  let taken = '';
  let length = 0;
  for (let i = sentences.length - 1; i >= 0; i--) {
    const s = sentences[i]!;
    const n = cpLength(s);
    if (length + n > budget) break;
    taken = s + taken;
    length += n;
  }
  if (!taken.trim()) taken = Array.from(text.trimEnd()).slice(-budget).join('');
  return taken.trimStart();
}
