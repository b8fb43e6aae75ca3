// A minimal, valid multi-page text PDF with Chinese text, written byte by byte (no library):
// one Type0 font, STSong-Light with the predefined UniGB-UCS2-H CMap (a standard CJK font a
// reader supplies, nothing embedded), text as UTF-16 hex strings, xref offsets computed.
// pdf.js reads such text back through its packed CMaps, as it does for real Chinese PDFs.

const FONT_OBJECTS = [
  '<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [4 0 R] >>',
  '<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 2 >> /FontDescriptor 5 0 R /DW 1000 >>',
  '<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [0 -200 1000 900] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 80 >>',
];

/** UTF-16BE hex of the BMP characters of a line (UCS-2 is all UniGB-UCS2-H maps). */
const hex = (line) => [...line].filter((c) => c.codePointAt(0) <= 0xffff)
  .map((c) => c.codePointAt(0).toString(16).padStart(4, '0')).join('');

/** A content stream drawing lines at 10 pt, 14 pt apart, from the top of an A4 page. */
const pageStream = (lines) =>
  `BT /F1 10 Tf 50 800 Td ${lines.map((l) => (l ? `<${hex(l)}> Tj 0 -14 Td` : '0 -14 Td')).join(' ')} ET`;

/** pages: an array of pages, each an array of text lines. Returns the PDF as a Buffer. */
export function textPdf(pages, title = 'bench') {
  // 1 catalog, 2 pages, 3–5 font, 6 info, then a page and its content per page.
  const objs = ['', '<< /Type /Catalog /Pages 2 0 R >>', '', ...FONT_OBJECTS, `<< /Title <feff${hex(title)}> >>`];
  const kids = [];
  for (const lines of pages) {
    const pageNo = objs.length;
    kids.push(`${pageNo} 0 R`);
    const content = pageStream(lines);
    objs.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageNo + 1} 0 R >>`);
    objs.push(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`);
  }
  objs[2] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages.length} >>`;
  let out = '%PDF-1.4\n';
  const offsets = [];
  for (let i = 1; i < objs.length; i++) {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i} 0 obj\n${objs[i]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objs.length}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objs.length} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** Text wrapped into lines of at most `width` characters and pages of `perPage` lines. */
export function paginate(text, { width = 45, perPage = 54 } = {}) {
  const lines = [];
  for (const para of text.split('\n')) {
    const chars = [...para];
    if (!chars.length) { lines.push(''); continue; }
    for (let i = 0; i < chars.length; i += width) lines.push(chars.slice(i, i + width).join(''));
  }
  const pages = [];
  for (let i = 0; i < lines.length; i += perPage) pages.push(lines.slice(i, i + perPage));
  return pages;
}
