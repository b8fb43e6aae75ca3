import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { groups } from './groups.ts';
import { users } from './users.ts';

/** Uploaded files. `key` is server-generated; the client's name is kept only as metadata. */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    mime: text('mime').notNull(),
    scene: text('scene').notNull(),
    disk: text('disk').notNull(),
    /** Hex sha256 of the content, computed while the upload streams (null for rows from before it was kept). */
    sha256: text('sha256'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // (group, hash): an office preview is reused only within the organisation (office-preview.service).
  (t) => [index('files_group_idx').on(t.groupId), index('files_group_sha256_idx').on(t.groupId, t.sha256)],
);

export type FilePreviewStatus = 'pending' | 'ready' | 'failed';

/**
 * An office document's preview as PDF, converted once by LibreOffice on the queue (files module,
 * office-preview.service). One row per source file (the unique key is what keeps a second request
 * from queueing a second conversion); the PDF is a derived file of the `preview` scene, `pdf_key`.
 */
export const filePreviews = pgTable(
  'file_previews',
  {
    id: serial('id').primaryKey(),
    fileId: integer('file_id').notNull().unique().references(() => files.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
    status: text('status').$type<FilePreviewStatus>().notNull().default('pending'),
    pdfKey: text('pdf_key'),
    /** Why it failed, shown to the reader as is. */
    error: text('error').notNull().default(''),
    jobId: text('job_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('file_previews_group_idx').on(t.groupId)],
);

/**
 * A multipart upload straight to the bucket (files module, direct-upload.service), until it is
 * completed (then a `files` row) or aborted. It belongs to the user and organisation that began it:
 * every call names it by `id` and finds it only among the caller's own.
 */
export const multipartUploads = pgTable(
  'multipart_uploads',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    scene: text('scene').notNull(),
    /** The server-generated object key the parts are stored under. */
    key: text('key').notNull().unique(),
    /** S3's id of the upload. */
    uploadId: text('upload_id').notNull(),
    /** The client's file name (metadata only) and the size it announced. */
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('multipart_uploads_owner_idx').on(t.groupId, t.userId)],
);
