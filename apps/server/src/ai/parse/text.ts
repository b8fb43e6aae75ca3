import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PARSE_LIMITS, tooMuchContent } from './errors.ts';

/** Length in code points: Chinese has no spaces, so sizes are counted in characters, not words or UTF-16 units. */
export function cpLength(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) { n--; i++; }
    }
  }
  return n;
}

/** Runs of whitespace (including nbsp and the ideographic space) to one space. */
export const collapseSpaces = (s: string) => s.replace(/\s+/g, ' ');

/** One table row as 'a | b | c' — the same shape for html tables, spreadsheets and csv. Empty rows give ''. */
export function tableRow(cells: readonly unknown[]): string {
  const texts = cells.map((c) => collapseSpaces(c == null ? '' : String(c)).trim());
  while (texts.length && !texts[texts.length - 1]) texts.pop();
  return texts.length ? texts.join(' | ') : '';
}

/**
 * Builds the markdown-like text every parser returns, refusing it as soon as it passes
 * PARSE_LIMITS.maxChars so a huge file never sits whole in memory.
 */
export class TextSink {
  private parts: string[] = [];
  private chars = 0;
  private breakBefore: '\n' | '\n\n' = '\n';

  /** Appends a line (blank lines are dropped; paragraph breaks come from paragraph()). */
  line(s: string): void {
    if (!s.trim()) return;
    const piece = this.parts.length ? this.breakBefore + s : s;
    this.chars += cpLength(piece);
    if (this.chars > PARSE_LIMITS.maxChars) throw tooMuchContent();
    this.parts.push(piece);
    this.breakBefore = '\n';
  }

  /** The next line starts a new paragraph (a blank line between). */
  paragraph(): void {
    this.breakBefore = '\n\n';
  }

  heading(level: number, s: string): void {
    const t = collapseSpaces(s).trim();
    if (!t) return;
    this.paragraph();
    this.line(`${'#'.repeat(Math.min(Math.max(level, 1), 6))} ${t}`);
    this.paragraph();
  }

  get text(): string {
    return this.parts.join('');
  }
}

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'gbk';

/**
 * Text files come from Windows tools as often as not: a BOM names UTF-8/UTF-16, otherwise the whole
 * file is checked as UTF-8 in a streaming pass (constant memory) and anything invalid is read as GBK.
 * A sequence cut off at the very end still counts as UTF-8 (a truncated file, not another encoding).
 */
export async function detectEncoding(filePath: string, signal?: AbortSignal): Promise<TextEncodingName> {
  const head = Buffer.alloc(3);
  const fh = await open(filePath);
  try {
    await fh.read(head, 0, 3, 0);
  } finally {
    await fh.close();
  }
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of createReadStream(filePath, { signal })) utf8.decode(chunk as Buffer, { stream: true });
  } catch (err) {
    if (err instanceof TypeError) return 'gbk';
    throw err;
  }
  return 'utf-8';
}

/** Bytes in, strings out (object mode, so papaparse and others get strings without re-encoding). */
export function decoderStream(encoding: TextEncodingName): Transform {
  const td = new TextDecoder(encoding); // not fatal: a stray bad byte becomes U+FFFD; strips a BOM
  return new Transform({
    readableObjectMode: true,
    transform(chunk: Buffer, _enc, done) {
      done(null, td.decode(chunk, { stream: true }) || undefined);
    },
    flush(done) {
      done(null, td.decode() || undefined);
    },
  });
}

/** A whole text file as a string (line ends normalised), stopping once it passes `maxChars`. */
export async function readTextFile(filePath: string, signal?: AbortSignal, maxChars: number = PARSE_LIMITS.maxChars): Promise<string> {
  const encoding = await detectEncoding(filePath, signal);
  const parts: string[] = [];
  let chars = 0;
  let failure: unknown;
  try {
    await pipeline(createReadStream(filePath), decoderStream(encoding), async (source: AsyncIterable<string>) => {
      try {
        for await (const s of source) {
          chars += cpLength(s);
          if (chars > maxChars) throw tooMuchContent();
          parts.push(s);
        }
      } catch (err) {
        failure = err; // pipeline reports the teardown (an AbortError) rather than this
        throw err;
      }
    }, { signal });
  } catch (err) {
    throw failure ?? err;
  }
  return parts.join('').replace(/\r\n?/g, '\n');
}
