import { checkAborted } from './errors.ts';
import { parseHtml } from './html.ts';
import type { ParsedDoc } from './types.ts';
import { guardZip } from './zip-guard.ts';


/**
 * docx through mammoth to HTML, then the same HTML reader as web pages, so Word headings
 * (Heading 1…6 styles), lists and tables keep their shape in the text.
 */
export async function parseDocx(filePath: string, signal?: AbortSignal): Promise<ParsedDoc> {
  await guardZip(filePath, signal);
  checkAborted(signal);
  // mammoth is loaded at the first Word file, not at every start.
  const { default: mammoth } = await import('mammoth');
  // Images are dropped, not inlined as base64 data URIs mammoth would otherwise build in memory.
  const noImages = mammoth.images.imgElement(async () => ({ src: '' }));
  const { value } = await mammoth.convertToHtml({ path: filePath }, { convertImage: noImages });
  checkAborted(signal);
  const { text } = parseHtml(value);
  return { text };
}
