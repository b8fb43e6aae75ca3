/**
 * Presentations for the parser and training tests, built with jszip (no binaries in the repository):
 * the parts PowerPoint's format needs for text (content types, the presentation and its slide list,
 * the slides, their notes pages).
 */
import JSZip from 'jszip';

const P = 'http://schemas.openxmlformats.org/presentationml/2006/main';
const A = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface FixtureSlide {
  /** The part's number (ppt/slides/slideN.xml); by default its place in the show. */
  n?: number;
  title?: string;
  /** Paragraphs of a text box; a '\n' inside one is a line break. */
  body?: string[];
  notes?: string;
  /** Raw XML put before the root element of the slide (to build hostile files). */
  prolog?: string;
  /** A table (rows of cells) in a graphic frame. */
  table?: string[][];
  /** Raw XML appended to the slide's first paragraph's text (an entity reference, say). */
  raw?: string;
}

const para = (text: string, raw = '') => `<a:p>${text.split('\n').map((l, i) => `${i ? '<a:br/>' : ''}<a:r><a:rPr lang="zh-CN"/><a:t>${esc(l)}${i ? '' : raw}</a:t></a:r>`).join('')}</a:p>`;
const shape = (id: number, ph: string, paragraphs: string[], raw = '') =>
  `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="s${id}"/><p:cNvSpPr/><p:nvPr>${ph}</p:nvPr></p:nvSpPr><p:spPr/>`
  + `<p:txBody><a:bodyPr/>${paragraphs.map((p, i) => para(p, i ? '' : raw)).join('')}</p:txBody></p:sp>`;
const table = (id: number, rows: string[][]) =>
  `<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="${id}" name="t${id}"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr><p:xfrm/>`
  + `<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/table"><a:tbl><a:tblGrid/>`
  + `${rows.map((r) => `<a:tr h="370840">${r.map((c) => `<a:tc><a:txBody><a:bodyPr/>${para(c)}</a:txBody></a:tc>`).join('')}</a:tr>`).join('')}`
  + '</a:tbl></a:graphicData></a:graphic></p:graphicFrame>';
const tree = (shapes: string) => `<p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${shapes}</p:spTree></p:cSld>`;

/**
 * A pptx whose slides show in the order given; each part is written to the zip in lexical order of
 * its name (slide1, slide10, slide2), so only a reader that sorts properly gets them right.
 * `withoutList` leaves out the presentation's slide list (readers then go by the part numbers).
 */
export async function pptx(slides: FixtureSlide[], opts: { withoutList?: boolean } = {}): Promise<Buffer> {
  const zip = new JSZip();
  const numbered = slides.map((s, i) => ({ ...s, n: s.n ?? i + 1 }));
  const types = numbered.flatMap((s) => [
    `<Override PartName="/ppt/slides/slide${s.n}.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slide+xml"/>`,
    s.notes ? `<Override PartName="/ppt/notesSlides/notesSlide${s.n}.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.notesSlide+xml"/>` : '',
  ]).join('');
  const files: [string, string][] = [];
  files.push(['[Content_Types].xml', `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/>${types}</Types>`]);
  files.push(['_rels/.rels', `${XML}<Relationships xmlns="${REL}"><Relationship Id="rId1" Type="${R}/officeDocument" Target="ppt/presentation.xml"/></Relationships>`]);
  const list = opts.withoutList ? '' : `<p:sldIdLst>${numbered.map((s, i) => `<p:sldId id="${256 + i}" r:id="rId${i + 1}"/>`).join('')}</p:sldIdLst>`;
  files.push(['ppt/presentation.xml', `${XML}<p:presentation xmlns:p="${P}" xmlns:r="${R}">${list}<p:sldSz cx="9144000" cy="6858000"/><p:notesSz cx="6858000" cy="9144000"/></p:presentation>`]);
  files.push(['ppt/_rels/presentation.xml.rels', `${XML}<Relationships xmlns="${REL}">${numbered.map((s, i) => `<Relationship Id="rId${i + 1}" Type="${R}/slide" Target="slides/slide${s.n}.xml"/>`).join('')}</Relationships>`]);
  for (const s of numbered) {
    const shapes = [
      s.title ? shape(2, '<p:ph type="title"/>', [s.title], s.raw) : '',
      s.body?.length ? shape(3, '', s.body, s.title ? '' : s.raw) : '',
      s.table ? table(5, s.table) : '',
      shape(4, '<p:ph type="sldNum" idx="12"/>', [String(s.n)]),
    ].join('');
    files.push([`ppt/slides/slide${s.n}.xml`, `${XML}${s.prolog ?? ''}<p:sld xmlns:p="${P}" xmlns:a="${A}" xmlns:r="${R}">${tree(shapes)}</p:sld>`]);
    if (!s.notes) continue;
    files.push([`ppt/slides/_rels/slide${s.n}.xml.rels`, `${XML}<Relationships xmlns="${REL}"><Relationship Id="rId2" Type="${R}/notesSlide" Target="../notesSlides/notesSlide${s.n}.xml"/></Relationships>`]);
    files.push([`ppt/notesSlides/notesSlide${s.n}.xml`, `${XML}<p:notes xmlns:p="${P}" xmlns:a="${A}">${tree(shape(2, '<p:ph type="sldImg"/>', []) + shape(3, '<p:ph type="body" idx="1"/>', [s.notes]) + shape(4, '<p:ph type="sldNum" idx="5"/>', [String(s.n)]))}</p:notes>`]);
  }
  for (const [name, text] of files.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) zip.file(name, text);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
