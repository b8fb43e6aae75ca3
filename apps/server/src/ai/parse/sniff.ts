import { open } from 'node:fs/promises';
import { fileTypeFromBuffer } from 'file-type';
import { MSG } from '@xueban/contract/messages';
import { ParseError } from './errors.ts';
import type { DocKind } from './types.ts';

/** Magic of an OLE compound file: old .doc/.xls/.ppt, and also what Office makes of an encrypted docx/xlsx/pptx. */
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const HEAD_BYTES = 4100;

/** What file-type may call each binary kind (zip-based ones are often just 'zip' from the first bytes). */
const ACCEPTED: Partial<Record<DocKind, ReadonlySet<string>>> = {
  pdf: new Set(['pdf']),
  docx: new Set(['docx', 'docm', 'dotx', 'dotm', 'zip']),
  xlsx: new Set(['xlsx', 'xlsm', 'xltx', 'xltm', 'zip']),
  pptx: new Set(['pptx', 'pptm', 'potx', 'ppsx', 'zip']),
  doc: new Set(['cfb', 'rtf']), // Word writes RTF under .doc too; LibreOffice reads both
  xls: new Set(['cfb']),
  ppt: new Set(['cfb']),
};

const startsWith = (head: Uint8Array, magic: readonly number[]) => magic.every((b, i) => head[i] === b);

/** Text has no NULs or C0 controls other than whitespace/ESC (UTF-16 is recognised by its BOM). */
function looksBinary(head: Uint8Array): boolean {
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) return false;
  return head.some((b) => b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0b && b !== 0x0c && b !== 0x0d && b !== 0x1b);
}

/** The first bytes of a file, and whether it is empty. */
export async function readHead(filePath: string): Promise<Uint8Array> {
  const fh = await open(filePath);
  try {
    const buf = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await fh.read(buf, 0, HEAD_BYTES, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/**
 * Content must match the extension: the extension picks the parser, so a PNG named .pdf or a text
 * file named .docx is refused before any library sees it. Only the first bytes are read (file-type
 * on a whole zip would inflate parts of it). An OLE file under .docx/.xlsx is Office's encryption.
 */
export async function checkContent(head: Uint8Array, kind: DocKind): Promise<void> {
  if ((kind === 'docx' || kind === 'xlsx' || kind === 'pptx') && startsWith(head, OLE_MAGIC)) throw new ParseError(MSG.fileEncrypted);
  const detected = await fileTypeFromBuffer(head);
  const accepted = ACCEPTED[kind];
  const ok = accepted
    ? !!detected && accepted.has(detected.ext)
    : !looksBinary(head) && detected?.ext !== 'pdf';
  if (!ok) throw new ParseError(MSG.fileContentMismatch);
}
