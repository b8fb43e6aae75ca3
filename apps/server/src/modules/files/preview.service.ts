import path from 'node:path';
import type PgBoss from 'pg-boss';
import type { PreviewInfo, PreviewKind } from '@xueban/contract/preview';
import type { Deps } from '../../types.ts';
import { notFound } from '../../lib/errors.ts';
import { findFileFor, type FileReader, type FileRow } from './files.service.ts';
import { fileKeyInPath, FILE_URL_PREFIX, signatureValidFor } from './file-links.ts';
import { issuePreviewTokens, verifyPreviewToken } from './preview-tokens.ts';
import { listZip, MAX_LISTED_ENTRIES, readAll, type ZipEntry } from './zip-listing.ts';
import { listRar, MAX_LISTED_RAR_BYTES } from './rar-listing.ts';
import { withTempFile } from '../../lib/temp-file.ts';
import { canConvertOffice, canConvertPresentations, OFFICE_CONVERTED, officeConversion, PRESENTATIONS } from './office-preview.service.ts';

/** Spec §8: what cannot be shown downloads; these say why, when there is a reason worth telling. */
export const PREVIEW_NOTES = {
  office: '该格式暂不支持在线预览，请下载后用 Office 或 WPS 打开',
  rar: '无法读取该 RAR 压缩包的目录，请下载后解压',
  rarTooLarge: 'RAR 压缩包超过 200 MB，请下载后解压',
  other: '该文件暂不支持在线预览，请下载后查看',
} as const;

const PREVIEW_EXPIRED = '预览已过期，请重新打开文件';

const VIDEO = new Set(['mp4', 'mov', 'webm']);
const AUDIO = new Set(['mp3', 'wav', 'ogg', 'flac']);
const IMAGE = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp']);
/** Shown in the browser without a converter: pdf with pdf.js, docx and xlsx by a library each. */
const IN_BROWSER: Record<string, PreviewKind> = { pdf: 'pdf', docx: 'docx', xlsx: 'xlsx' };

/**
 * The file's category, how it previews, and why not when it does not (by stored type first, then by
 * name). Office documents convert to PDF where LibreOffice is installed (`office`); without it docx
 * and xlsx still render in the browser, and the rest download with a note.
 */
export function classify(mime: string, ext: string): Pick<PreviewInfo, 'file_category' | 'preview_kind' | 'note'> {
  if (VIDEO.has(ext) || mime.startsWith('video/')) return { file_category: 'video', preview_kind: 'video', note: '' };
  if (AUDIO.has(ext) || mime.startsWith('audio/')) return { file_category: 'audio', preview_kind: 'audio', note: '' };
  if (IMAGE.has(ext) && mime.startsWith('image/')) return { file_category: 'image', preview_kind: 'image', note: '' };
  const converts = PRESENTATIONS.has(ext) ? canConvertPresentations() : OFFICE_CONVERTED.has(ext) && canConvertOffice();
  if (converts) return { file_category: 'doc', preview_kind: 'office', note: '' };
  const inBrowser = IN_BROWSER[ext];
  if (inBrowser) return { file_category: 'doc', preview_kind: inBrowser, note: '' };
  if (OFFICE_CONVERTED.has(ext)) return { file_category: 'doc', preview_kind: 'download', note: PREVIEW_NOTES.office };
  if (ext === 'zip' || mime === 'application/zip' || ext === 'rar' || mime === RAR_MIME) return { file_category: 'archive', preview_kind: 'archive', note: '' };
  return { file_category: 'other', preview_kind: 'download', note: PREVIEW_NOTES.other };
}

const RAR_MIME = 'application/x-rar-compressed';

type Listing = { entries: ZipEntry[]; truncated: boolean } | null;

/** A zip's entries by ranged reads of its directory; a RAR's from its headers, read from a temporary copy (sized within bounds). */
async function listArchive(deps: Deps, file: FileRow, isRar: boolean): Promise<Listing | 'too large'> {
  if (!isRar) {
    return listZip(file.size, async (range) => {
      const obj = await deps.storage.get(file.key, range);
      return obj ? readAll(obj.body, range.end - range.start + 1) : null;
    }).catch(() => null);
  }
  if (file.size > MAX_LISTED_RAR_BYTES) return 'too large';
  const obj = await deps.storage.get(file.key);
  return obj ? withTempFile(deps.config.DATA_DIR, '.rar', obj.body, listRar) : null;
}

const previewUrl = (key: string, access: string) => `${FILE_URL_PREFIX}${key}?token=${encodeURIComponent(access)}`;

/**
 * Preview info of the file `url` names, for a reader who may read it; 404 otherwise (another
 * organisation's file too). An office document's first preview queues its conversion.
 */
export async function previewInfo(deps: Deps, queue: PgBoss, reader: FileReader, url: string): Promise<PreviewInfo> {
  const key = fileKeyInPath(url);
  const found = key ? await findFileFor(deps.db, key, reader) : null;
  // A signed link (recommend content shown to a reader of another organisation) opens its file too.
  const query = key ? new URL(url, 'http://x').searchParams : null; // parsed once already by fileKeyInPath
  const signed = !!key && !!query && signatureValidFor(deps.config.APP_SECRET, key, query.get('exp') ?? undefined, query.get('sig') ?? undefined) > 0;
  if (!key || !found || !(found.readable || signed)) throw notFound();
  const { file } = found;
  const ext = path.extname(file.name).slice(1).toLowerCase() || path.extname(key).slice(1);
  const kind = classify(file.mime, ext);
  let entries: ZipEntry[] = [];
  let truncated = false;
  if (kind.preview_kind === 'archive') {
    const isRar = ext === 'rar' || file.mime === RAR_MIME;
    const listing = await listArchive(deps, file, isRar);
    if (listing && listing !== 'too large') ({ entries, truncated } = listing);
    else Object.assign(kind, { preview_kind: 'download', note: listing ? PREVIEW_NOTES.rarTooLarge : isRar ? PREVIEW_NOTES.rar : PREVIEW_NOTES.other });
  }
  const conversion = kind.preview_kind === 'office' ? await officeConversion(deps, queue, file) : null;
  const pdfKey = conversion?.status === 'ready' ? conversion.pdfKey : null;
  const t = issuePreviewTokens(deps.config.APP_SECRET, key, reader.userId);
  const link = previewUrl(key, t.access);
  return {
    name: file.name, size: file.size, mime: file.mime, ext, ...kind,
    previewable: kind.preview_kind !== 'download',
    preview_url: link, PreviewURL: link,
    AccessToken: t.access, RefreshToken: t.refresh,
    AccessTokenExpiredTime: t.accessExpires, RefreshTokenExpiredTime: t.refreshExpires,
    preview_region: deps.storage.kind === 's3' ? deps.config.S3_REGION : 'local',
    entries, entries_truncated: truncated || entries.length > MAX_LISTED_ENTRIES,
    convert_status: conversion?.status ?? '',
    convert_error: conversion?.status === 'failed' ? conversion.error : '',
    pdf_url: pdfKey ? previewUrl(pdfKey, issuePreviewTokens(deps.config.APP_SECRET, pdfKey, reader.userId).access) : '',
  };
}

/** A new token pair for a valid refresh token, when its holder may still read the file (404 otherwise). */
export async function refreshPreview(deps: Deps, reader: FileReader, refreshToken: string) {
  const ok = verifyPreviewToken(deps.config.APP_SECRET, refreshToken, 'refresh');
  if (!ok || ok.uid !== reader.userId) throw notFound(PREVIEW_EXPIRED);
  const found = await findFileFor(deps.db, ok.key, reader);
  if (!found?.readable) throw notFound();
  const t = issuePreviewTokens(deps.config.APP_SECRET, ok.key, reader.userId);
  return {
    access_token: t.access, refresh_token: t.refresh,
    region: deps.storage.kind === 's3' ? deps.config.S3_REGION : 'local',
    url: previewUrl(ok.key, t.access),
    access_token_expired_time: t.accessExpires, refresh_token_expired_time: t.refreshExpires,
  };
}
