import { randomBytes } from 'node:crypto';
import { existsSync, realpathSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, isNotNull, lt, notInArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Deps } from '../../types.ts';
import { files, filePreviews, type FilePreviewStatus } from '../../db/schema/files.ts';
import { withTempFile } from '../../lib/temp-file.ts';
import { convertWithOffice, findOffice, OfficeTimeout, ParseError } from '../../ai/parse/index.ts';
import type { FileRow } from './files.service.ts';

// Office documents (doc, docx, xls, xlsx, ppt, pptx) preview as PDF: LibreOffice converts each file
// once, on the job queue, and the PDF is kept as a derived file (scene `preview`) of the same
// organisation, so every later preview is the stored PDF.

export const PREVIEW_QUEUE = 'file-preview';
export interface PreviewJob { fileId: number }
/** Retries (5 s, 10 s) only for what may pass (storage, database); a file LibreOffice cannot read fails at once. */
export const PREVIEW_QUEUE_OPTIONS = { name: PREVIEW_QUEUE, retryLimit: 2, retryDelay: 5, retryBackoff: true, expireInSeconds: 10 * 60 };

/** Formats LibreOffice converts for a preview (presentations only with its presentation filters). */
export const OFFICE_CONVERTED = new Set(['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx']);
export const PRESENTATIONS = new Set(['ppt', 'pptx']);
// Wall time of one conversion: config OFFICE_PREVIEW_TIMEOUT_MS (120 s: a long presentation on a busy
// 2-core machine, not a hung one). Memory: LibreOffice's address space is capped (OFFICE_MEMORY_MB).

export const CONVERT_MESSAGES = {
  failed: '预览生成失败：文件已损坏或格式无法识别，请下载后查看',
  timedOut: '预览生成超时，请下载后查看',
  gaveUp: '预览生成失败，请稍后重试或下载后查看',
} as const;

/** True when this node can convert (LibreOffice on PATH); without it docx/xlsx render in the browser, the rest download. */
export const canConvertOffice = () => findOffice() !== null;

/** LibreOffice's import filters for presentations (Debian: libreoffice-impress / -draw), beside soffice. */
const PRESENTATION_FILTERS = ['libsdfiltlo.so', 'libsdfiltlo.dylib', 'sdfiltlo.dll'];

/**
 * True when the installed LibreOffice can read ppt/pptx: a server with only Writer and Calc
 * installed would fail every presentation as if it were broken; those download with a note instead.
 */
export function canConvertPresentations(): boolean {
  const office = findOffice();
  if (!office) return false;
  try {
    const program = path.dirname(realpathSync(office));
    return PRESENTATION_FILTERS.some((lib) => existsSync(path.join(program, lib)));
  } catch {
    return false;
  }
}

export interface ConversionState { status: FilePreviewStatus; pdfKey: string | null; error: string }

/** Job states from which pg-boss never delivers a job again. */
const FINAL_JOB_STATES = new Set(['completed', 'cancelled', 'failed']);
/** A pending conversion untouched this long, whose job is gone, is queued again (its process died with it). */
const LOST_AFTER_MS = 60_000;

type PreviewRow = typeof filePreviews.$inferSelect;

/**
 * A conversion left `pending` by a job that will never run again (its tries used up by processes
 * that stopped during them, or a crash between the row and its job) is queued anew, by one asker
 * only: the one whose update of the row's time wins.
 */
async function requeueIfLost(deps: Deps, queue: PgBoss, row: PreviewRow): Promise<void> {
  if (row.status !== 'pending' || Date.now() - row.updatedAt.getTime() < LOST_AFTER_MS) return;
  const job = row.jobId ? await queue.getJobById(PREVIEW_QUEUE, row.jobId, { includeArchive: true }) : null;
  if (job && !FINAL_JOB_STATES.has(job.state)) return;
  const claimed = await deps.db.update(filePreviews).set({ updatedAt: new Date() })
    .where(and(eq(filePreviews.id, row.id), eq(filePreviews.status, 'pending'), lt(filePreviews.updatedAt, new Date(row.updatedAt.getTime() + 1))))
    .returning({ id: filePreviews.id });
  if (!claimed.length) return;
  const jobId = await queue.send(PREVIEW_QUEUE, { fileId: row.fileId } satisfies PreviewJob);
  await deps.db.update(filePreviews).set({ jobId }).where(eq(filePreviews.id, row.id));
}

/**
 * The conversion of `file`, queueing it on first ask. The row's unique file id decides which of two
 * concurrent askers queues the job: the other one reads the row it lost to, so a file converts once.
 */
export async function officeConversion(deps: Deps, queue: PgBoss, file: FileRow): Promise<ConversionState> {
  const state = (row: PreviewRow) => ({ status: row.status, pdfKey: row.pdfKey, error: row.error });
  const [existing] = await deps.db.select().from(filePreviews).where(eq(filePreviews.fileId, file.id));
  if (existing) {
    await requeueIfLost(deps, queue, existing);
    return state(existing);
  }
  const reused = await readyPdfOfSameContent(deps, file);
  const [created] = await deps.db.insert(filePreviews)
    .values({ fileId: file.id, groupId: file.groupId, ...(reused ? { status: 'ready' as const, pdfKey: reused } : {}) })
    .onConflictDoNothing({ target: filePreviews.fileId }).returning();
  if (created && reused) return state(created);
  if (!created) {
    const [won] = await deps.db.select().from(filePreviews).where(eq(filePreviews.fileId, file.id));
    return state(won!);
  }
  const jobId = await queue.send(PREVIEW_QUEUE, { fileId: file.id } satisfies PreviewJob);
  await deps.db.update(filePreviews).set({ jobId }).where(eq(filePreviews.id, created.id));
  return state(created);
}

const extOf = (name: string) => path.extname(name).slice(1).toLowerCase();

/**
 * The PDF already made from the same bytes (sha256) under the same extension in the same
 * organisation, if any: identical content is converted once. Never across organisations: a derived
 * file belongs to the organisation of its source.
 */
async function readyPdfOfSameContent(deps: Deps, file: FileRow): Promise<string | null> {
  if (!file.sha256) return null;
  const candidates = await deps.db.select({ pdfKey: filePreviews.pdfKey, name: files.name }).from(filePreviews)
    .innerJoin(files, eq(files.id, filePreviews.fileId))
    .where(and(
      eq(files.groupId, file.groupId), eq(filePreviews.groupId, file.groupId), eq(files.sha256, file.sha256),
      eq(filePreviews.status, 'ready'), isNotNull(filePreviews.pdfKey),
    ))
    .limit(20);
  return candidates.find((c) => extOf(c.name) === extOf(file.name))?.pdfKey ?? null;
}

const yearMonth = () => new Date().toISOString().slice(0, 7).replace('-', '');

/** Stores a converted PDF as a derived file of the source's organisation and uploader; its key. */
async function storePdf(deps: Deps, source: FileRow, pdfPath: string): Promise<string> {
  const key = `preview/${yearMonth()}/${randomBytes(16).toString('base64url')}.pdf`;
  const { size } = await stat(pdfPath);
  await deps.storage.putFile(key, pdfPath, 'application/pdf');
  const base = path.basename(source.name, path.extname(source.name));
  await deps.db.insert(files).values({
    key, groupId: source.groupId, userId: source.userId, name: `${base}.pdf`.slice(0, 200), size,
    mime: 'application/pdf', scene: 'preview', disk: deps.storage.kind,
  });
  return key;
}

const settle = (deps: Deps, fileId: number, set: Partial<typeof filePreviews.$inferInsert>) =>
  deps.db.update(filePreviews).set({ ...set, updatedAt: new Date() }).where(eq(filePreviews.fileId, fileId));

/**
 * One queued conversion. A preview already made (a job delivered again) is left alone; a file
 * LibreOffice cannot read, or that runs past OFFICE_PREVIEW_TIMEOUT_MS, fails with the reason shown to the
 * reader; anything else (storage, database) is thrown for the queue to retry, until its last try.
 */
export async function convertPreview(
  deps: Deps, log: FastifyBaseLogger, job: { data: PreviewJob; retryCount: number; retryLimit: number },
): Promise<void> {
  const { fileId } = job.data;
  const [row] = await deps.db.select({ preview: filePreviews, file: files }).from(filePreviews)
    .innerJoin(files, eq(files.id, filePreviews.fileId)).where(eq(filePreviews.fileId, fileId));
  if (!row || row.preview.status !== 'pending') return; // deleted, or done already
  const { file } = row;
  const ext = path.extname(file.name).slice(1).toLowerCase();
  try {
    const stored = await deps.storage.get(file.key);
    if (!stored) throw new ParseError(CONVERT_MESSAGES.failed);
    const pdfKey = await withTempFile(deps.config.DATA_DIR, `.${ext}`, stored.body, (input) =>
      convertWithOffice(input, { from: ext, to: 'pdf', failed: CONVERT_MESSAGES.failed }, (pdf) => storePdf(deps, file, pdf), { timeoutMs: deps.config.OFFICE_PREVIEW_TIMEOUT_MS }));
    await settle(deps, fileId, { status: 'ready', pdfKey, error: '' });
  } catch (err) {
    if (err instanceof ParseError) {
      const timedOut = err.cause instanceof OfficeTimeout;
      log.warn({ err, file: fileId }, 'office preview conversion failed');
      await settle(deps, fileId, { status: 'failed', error: timedOut ? CONVERT_MESSAGES.timedOut : err.message });
      return;
    }
    log.warn({ err, file: fileId, retry: job.retryCount }, 'office preview conversion will be retried');
    if (job.retryCount >= job.retryLimit) await settle(deps, fileId, { status: 'failed', error: CONVERT_MESSAGES.gaveUp });
    throw err;
  }
}

/**
 * Keys of the PDFs derived from these files (to remove with them), except those another file's
 * preview still shows (identical content shares one PDF).
 */
export async function derivedPreviewKeys(deps: Pick<Deps, 'db'>, fileIds: number[]): Promise<string[]> {
  if (!fileIds.length) return [];
  const rows = await deps.db.select({ pdfKey: filePreviews.pdfKey }).from(filePreviews)
    .where(and(inArray(filePreviews.fileId, fileIds), isNotNull(filePreviews.pdfKey)));
  const keys = [...new Set(rows.map((r) => r.pdfKey!))];
  if (!keys.length) return [];
  const stillShown = await deps.db.select({ pdfKey: filePreviews.pdfKey }).from(filePreviews)
    .where(and(inArray(filePreviews.pdfKey, keys), notInArray(filePreviews.fileId, fileIds)));
  const kept = new Set(stillShown.map((r) => r.pdfKey));
  return keys.filter((k) => !kept.has(k));
}
