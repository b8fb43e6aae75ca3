/** File preview (spec §3 "Preview info", §7 File/filePreview and refreshPreviewInfo, §9 previewable kinds). */
import { z } from 'zod';

/** Spec §9: what each kind of file previews as. */
export const PREVIEW_EXTENSIONS = {
  office: ['xls', 'xlsx', 'ppt', 'pptx', 'doc', 'docx', 'pdf'],
  media: ['mp3', 'wav', 'ogg', 'flac', 'mp4', 'mov', 'webm'],
  image: ['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp'],
  archive: ['rar', 'zip'],
} as const;
/** Spec §9 video speeds. */
export const VIDEO_SPEEDS = [0.5, 1, 1.5, 2] as const;
/** Spec §9: the preview token timeout. */
export const PREVIEW_TOKEN_TTL_MS = 600_000;

/** How the browser shows the file; `download` when it cannot (spec §8: downloaded instead). */
/** `office`: an office document shown as the PDF LibreOffice made of it (see convert_status). */
export const PREVIEW_KINDS = ['pdf', 'office', 'docx', 'xlsx', 'video', 'audio', 'image', 'archive', 'download'] as const;
export type PreviewKind = (typeof PREVIEW_KINDS)[number];

export const filePreviewQuery = z.object({
  /** A link to one of our files, as attachments, documents and annexes store it (`/api/files/<key>`). */
  url: z.string().min(1).max(2000),
});

export const archiveEntrySchema = z.object({ name: z.string(), size: z.number(), compressed_size: z.number(), dir: z.boolean() });

export const previewInfoSchema = z.object({
  name: z.string(),
  size: z.number(),
  mime: z.string(),
  ext: z.string(),
  file_category: z.enum(['video', 'image', 'doc', 'audio', 'archive', 'other']),
  previewable: z.boolean(),
  preview_kind: z.enum(PREVIEW_KINDS),
  /** A short-lived link that opens the file without a session (range requests allowed). */
  preview_url: z.string(),
  PreviewURL: z.string(),
  AccessToken: z.string(),
  RefreshToken: z.string(),
  /** Unix milliseconds. */
  AccessTokenExpiredTime: z.number(),
  RefreshTokenExpiredTime: z.number(),
  preview_region: z.string(),
  /** Why it downloads instead (e.g. a presentation with no converter installed). */
  note: z.string(),
  /** Entries of a zip, read from its central directory (nothing is extracted). */
  entries: z.array(archiveEntrySchema),
  /** True when the archive holds more entries than listed. */
  entries_truncated: z.boolean(),
  /** Of an `office` preview: its conversion to PDF ('' for any other kind); poll while `pending`. */
  convert_status: z.enum(['', 'pending', 'ready', 'failed']),
  /** Why the conversion failed, to show as is. */
  convert_error: z.string(),
  /** The PDF made of an office document, once `ready` (a short-lived link like preview_url); '' otherwise. */
  pdf_url: z.string(),
});
export type PreviewInfo = z.output<typeof previewInfoSchema>;

export const refreshPreviewBody = z.object({
  refresh_token: z.string().min(1).max(1000),
  access_token: z.string().max(1000).optional(),
});
export const refreshedPreviewSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  region: z.string(),
  url: z.string(),
  access_token_expired_time: z.number(),
  refresh_token_expired_time: z.number(),
});
