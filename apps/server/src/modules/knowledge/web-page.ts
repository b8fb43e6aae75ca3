import { MSG } from '@xueban/contract/messages';
import type { Deps } from '../../types.ts';
import { withTempFile } from '../../lib/temp-file.ts';
import { badRequest } from '../../lib/errors.ts';
import { EgressError } from '../../lib/egress.ts';
import { parseDocument, parseHtml, ParseError, type ParsedDoc } from '../../ai/parse/index.ts';

/** A page larger than this is not an article: refused rather than buffered. */
const MAX_PAGE_BYTES = 10 * 1024 * 1024;
/** What the import dialogue shows of a page before it is imported. */
const PREVIEW_CHARS = 5_000;

/** Reads a response body up to `max` bytes, or fails with a clear message. */
async function readBounded(body: ReadableStream<Uint8Array>, max: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > max) throw new ParseError(MSG.fileTooMuchContent);
    parts.push(Buffer.from(chunk));
  }
  return Buffer.concat(parts);
}

/**
 * A failed fetch or read in the user's words: the guard's own reason (不允许访问该地址, too many
 * redirects), a timeout, or that the page could not be read. The caller's own abort stays itself.
 */
function unreadable(err: unknown, deadline: AbortSignal, signal: AbortSignal | undefined): unknown {
  if (err instanceof ParseError) return err;
  if (signal?.aborted) return signal.reason;
  if (err instanceof EgressError) return new ParseError(err.message);
  if (deadline.aborted || (err instanceof Error && err.name === 'TimeoutError')) return new ParseError(MSG.kbUrlTimeout);
  return new ParseError(MSG.kbUrlFetchFailed);
}

/**
 * A web page for a knowledge base (parseWebUrl, and url documents at training), fetched through
 * the egress guard's `web` client: http(s) on ports 80/443 (and EGRESS_WEB_PORTS), public
 * addresses or EGRESS_WEB_ORIGINS only, bounded size; EGRESS_WEB_TIMEOUT_MS bounds the whole
 * fetch and read, so a page that sends its headers and then stalls fails with a reason.
 * HTML and plain text are read directly, a PDF through the PDF parser.
 */
export async function fetchWebPage(deps: Deps, url: string, signal?: AbortSignal): Promise<ParsedDoc> {
  const deadline = AbortSignal.timeout(deps.config.EGRESS_WEB_TIMEOUT_MS);
  let bytes: Buffer;
  let type: string;
  try {
    const res = await deps.egress.web(url, {
      headers: { accept: 'text/html,application/xhtml+xml,text/plain,application/pdf;q=0.9,*/*;q=0.5' },
      signal: AbortSignal.any([deadline, ...(signal ? [signal] : [])]),
    });
    if (!res.ok || !res.body) {
      await res.body?.cancel().catch(() => {});
      throw new ParseError(MSG.kbUrlFetchFailed);
    }
    type = (res.headers.get('content-type') ?? '').toLowerCase();
    bytes = await readBounded(res.body, MAX_PAGE_BYTES);
  } catch (err) {
    throw unreadable(err, deadline, signal);
  }
  if (type.includes('application/pdf')) return parsePdfBytes(deps, bytes);
  if (!/text\/html|application\/xhtml|text\/plain|^$/.test(type)) throw new ParseError(MSG.kbUnsupportedUrlContent);
  const charset = /charset=([\w-]+)/.exec(type)?.[1];
  const text = decode(bytes, charset);
  if (type.includes('text/plain')) return { text, title: '' };
  return parseHtml(text);
}

function decode(bytes: Buffer, charset?: string) {
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** knowledge/parseWebUrl: the page's title and the start of its text, or a 400 saying why it cannot be read. */
export async function previewWebPage(deps: Deps, url: string): Promise<{ title: string; text: string }> {
  try {
    const page = await fetchWebPage(deps, url);
    return { title: page.title ?? '', text: page.text.slice(0, PREVIEW_CHARS) };
  } catch (err) {
    if (err instanceof ParseError) throw badRequest(err.message);
    throw err;
  }
}

/**
 * A PDF served by a site, read by the PDF parser in the parse worker. Its name only picks the
 * parser, so it is always .pdf: the content type said so, whatever the address ends with.
 */
function parsePdfBytes(deps: Deps, bytes: Buffer) {
  return withTempFile(deps.config.DATA_DIR, '.pdf', bytes, (file) => parseDocument(file, 'page.pdf'));
}
