/**
 * Uploads straight to object storage (issue 21, spec §7 getOverseaToken / getStsToken): a
 * presigned POST for one request, or a multipart upload in parts with resume for large files.
 * Without S3 the tokens say `mode: 'server'` and the browser posts to the server route as before.
 */
import { z } from 'zod';
import { UPLOAD_SCENES, uploadTokenSchema } from './uc.ts';

export const UPLOAD_MODES = ['server', 's3'] as const;

/** The upload token, and for `s3` the bucket form: POST `fields` then the file (field `file`) to `host`. */
export const directUploadTokenSchema = uploadTokenSchema.extend({
  mode: z.enum(UPLOAD_MODES),
  /** The object key the POST must use (`s3`); empty for the server route. */
  key: z.string(),
  fields: z.record(z.string(), z.string()),
});
export type DirectUploadToken = z.output<typeof directUploadTokenSchema>;

/** After the bucket accepted the POST: the token's policy and signature, and the file's name. */
export const completeDirectBody = z.object({
  policy: z.string().min(1).max(4000),
  signature: z.string().min(1).max(200),
  name: z.string().min(1).max(255),
});

/** Parts of 5 MB or more (S3's minimum but for the last); the web uses 8 MB. */
export const MULTIPART_MIN_PART_BYTES = 5 * 1024 * 1024;
export const MULTIPART_PART_BYTES = 8 * 1024 * 1024;
export const MULTIPART_MAX_PARTS = 10_000;

export const multipartCreateBody = z.object({
  scene: z.enum(UPLOAD_SCENES).default('file'),
  name: z.string().min(1).max(255),
  size: z.number().int().min(1),
});
export const multipartCreatedSchema = z.object({ upload_id: z.number(), key: z.string(), part_size: z.number() });

export const multipartIdBody = z.object({ upload_id: z.number().int().positive() });
export const multipartIdQuery = z.object({ upload_id: z.coerce.number().int().positive() });

export const multipartSignBody = z.object({
  upload_id: z.number().int().positive(),
  part_numbers: z.array(z.number().int().min(1).max(MULTIPART_MAX_PARTS)).min(1).max(100),
});
export const signedPartsSchema = z.object({ parts: z.array(z.object({ part_number: z.number(), url: z.string() })) });

/** The parts already in the bucket: a resumed upload sends only the others. */
export const uploadedPartsSchema = z.object({ parts: z.array(z.object({ part_number: z.number(), size: z.number() })) });

export const DIRECT_UPLOAD_MESSAGES = {
  noBucket: '未配置对象存储，请通过服务器上传',
  incomplete: '文件尚未上传完整，请继续上传',
} as const;
