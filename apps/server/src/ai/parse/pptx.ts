import path from 'node:path';
import { Parser } from 'htmlparser2';
import { MSG } from '@xueban/contract/messages';
import { ParseError, checkAborted } from './errors.ts';
import { TextSink, collapseSpaces, tableRow } from './text.ts';
import type { ParsedDoc } from './types.ts';
import { guardZip } from './zip-guard.ts';
import { readZipTexts } from './zip-parts.ts';

/** The parts of a presentation its text lives in (and the two that give the slides' order). */
const WANTED = /^ppt\/(presentation\.xml|_rels\/presentation\.xml\.rels|slides\/slide\d+\.xml|slides\/_rels\/slide\d+\.xml\.rels|notesSlides\/notesSlide\d+\.xml)$/;
const SLIDE = /^ppt\/slides\/slide(\d+)\.xml$/;
/** Placeholders that repeat on every slide (number, date, footer): not the slide's content. */
const CHROME = new Set(['sldNum', 'dt', 'ftr', 'hdr']);
const TITLES = new Set(['title', 'ctrTitle']);

interface Shape { placeholder: string | null; paragraphs: string[] }

/**
 * A part's XML as elements and text. Office never writes a DOCTYPE; one is how an external or
 * expanding entity would get in, so such a part is refused before parsing (the parser itself
 * decodes only the five XML entities and character references, never reads a declared one).
 */
function readXml(xml: string, handlers: { open?(name: string, attrs: Record<string, string>): void; close?(name: string): void; text?(s: string): void }): void {
  if (/<!DOCTYPE/i.test(xml)) throw new ParseError(MSG.fileCorrupt);
  const parser = new Parser({
    onopentag: (name, attrs) => handlers.open?.(name, attrs),
    onclosetag: (name) => handlers.close?.(name),
    ontext: (s) => handlers.text?.(s),
  }, { xmlMode: true, decodeEntities: true });
  parser.end(xml);
}

/**
 * The text shapes of a slide or notes page: each its placeholder type (null for a plain text box)
 * and paragraphs; a table is one paragraph of 'a | b' rows, as tables are in every other format.
 */
function shapesOf(xml: string): Shape[] {
  const shapes: Shape[] = [];
  let shape: Shape | null = null;
  let para: string | null = null;
  let inText = false;
  let rows: string[] | null = null;
  let row: string[] | null = null;
  let cell: string[] | null = null;
  readXml(xml, {
    open(name, attrs) {
      if (name === 'p:sp' || name === 'p:graphicFrame') shape = { placeholder: null, paragraphs: [] };
      else if (name === 'a:tbl') rows = [];
      else if (name === 'a:tr') row = [];
      else if (name === 'a:tc') cell = [];
      else if (name === 'p:ph' && shape) shape.placeholder = attrs.type ?? 'body';
      else if (name === 'a:p') para = '';
      else if (name === 'a:t') inText = true;
      else if (name === 'a:br' && para !== null) para += '\n';
    },
    text(s) {
      if (inText && para !== null) para += s;
    },
    close(name) {
      if (name === 'a:t') inText = false;
      else if (name === 'a:p') {
        const t = (para ?? '').split('\n').map((l) => collapseSpaces(l).trim()).filter(Boolean).join('\n');
        if (t && cell) cell.push(t.replace(/\n/g, ' '));
        else if (t && shape) shape.paragraphs.push(t);
        para = null;
      } else if (name === 'a:tc') {
        row?.push(cell?.join(' ') ?? '');
        cell = null;
      } else if (name === 'a:tr') {
        const line = tableRow(row ?? []);
        if (line) rows?.push(line);
        row = null;
      } else if (name === 'a:tbl') {
        if (rows?.length && shape) shape.paragraphs.push(rows.join('\n'));
        rows = null;
      } else if ((name === 'p:sp' || name === 'p:graphicFrame') && shape) {
        if (shape.paragraphs.length) shapes.push(shape);
        shape = null;
      }
    },
  });
  return shapes;
}

/** A relationships part as id → target part name (targets are relative to the source part's folder). */
function relsOf(xml: string | undefined, sourcePart: string): { id: string; type: string; part: string }[] {
  if (!xml) return [];
  const rels: { id: string; type: string; part: string }[] = [];
  readXml(xml, {
    open(name, attrs) {
      if (name !== 'Relationship' || !attrs.Target || attrs.TargetMode === 'External') return;
      const part = attrs.Target.startsWith('/')
        ? attrs.Target.slice(1)
        : path.posix.normalize(path.posix.join(path.posix.dirname(sourcePart), attrs.Target));
      rels.push({ id: attrs.Id ?? '', type: attrs.Type ?? '', part });
    },
  });
  return rels;
}

/**
 * Slide parts in the order the presentation shows them (its slide list), falling back to their
 * numbers (slide2 before slide10, not after) when that list is missing or names none of them.
 */
function slideOrder(parts: Map<string, string>): string[] {
  const byNumber = [...parts.keys()].filter((n) => SLIDE.test(n))
    .sort((a, b) => Number(SLIDE.exec(a)![1]) - Number(SLIDE.exec(b)![1]));
  const presentation = parts.get('ppt/presentation.xml');
  if (!presentation) return byNumber;
  const targets = new Map(relsOf(parts.get('ppt/_rels/presentation.xml.rels'), 'ppt/presentation.xml').map((r) => [r.id, r.part]));
  const listed: string[] = [];
  readXml(presentation, {
    open(name, attrs) {
      const part = name === 'p:sldId' ? targets.get(attrs['r:id'] ?? '') : undefined;
      if (part && parts.has(part) && !listed.includes(part)) listed.push(part);
    },
  });
  return listed.length ? listed : byNumber;
}

/** The speaker notes of a slide: the notes page's body placeholder (not its slide image or number). */
function notesOf(parts: Map<string, string>, slidePart: string): string[] {
  const relsPart = `${path.posix.dirname(slidePart)}/_rels/${path.posix.basename(slidePart)}.rels`;
  const notes = relsOf(parts.get(relsPart), slidePart).find((r) => r.type.endsWith('/notesSlide'));
  const xml = notes && parts.get(notes.part);
  if (!xml) return [];
  return shapesOf(xml).filter((s) => s.placeholder === 'body').flatMap((s) => s.paragraphs);
}

/**
 * pptx as text: one section per slide, in the presentation's order, headed 第N页 and the slide's
 * title, so each chunk cites its slide; then the slide's paragraphs (text boxes, placeholders, table
 * cells), then its speaker notes after 备注：. Read with the zip bomb guard and the text bound of
 * every other format.
 */
export async function parsePptx(filePath: string, signal?: AbortSignal): Promise<ParsedDoc> {
  await guardZip(filePath, signal);
  checkAborted(signal);
  const parts = await readZipTexts(filePath, (name) => WANTED.test(name), signal);
  const slides = slideOrder(parts);
  if (!slides.length) throw new ParseError(MSG.fileCorrupt);
  const sink = new TextSink();
  slides.forEach((part, i) => {
    checkAborted(signal);
    const shapes = shapesOf(parts.get(part)!).filter((s) => !CHROME.has(s.placeholder ?? ''));
    const slideTitle = shapes.find((s) => TITLES.has(s.placeholder ?? ''))?.paragraphs.join(' ');
    sink.heading(1, slideTitle ? `第${i + 1}页 ${slideTitle}` : `第${i + 1}页`);
    for (const shape of shapes) {
      for (const p of shape.paragraphs) {
        sink.paragraph();
        for (const line of p.split('\n')) sink.line(line);
      }
    }
    const notes = notesOf(parts, part);
    notes.forEach((p, j) => {
      sink.paragraph();
      p.split('\n').forEach((line, k) => sink.line(j === 0 && k === 0 ? `备注：${line}` : line));
    });
  });
  return { text: sink.text }; // no title: a file keeps the name the user gave it
}
