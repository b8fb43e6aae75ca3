import type * as S3Sdk from '@aws-sdk/client-s3';

/** The bucket's client with the SDK's commands, both loaded at the first S3 call (storage.ts). */
export type LoadS3 = () => Promise<{ client: S3Sdk.S3Client } & typeof S3Sdk>;

/**
 * Uploads from the browser straight to the bucket (issue 21): a presigned POST for one request,
 * presigned part URLs for a multipart upload. The server only signs, then checks and registers what
 * arrived (direct-upload.service); the bytes never pass through it.
 */
export interface DirectUploads {
  /** A form POST to `url` with `fields` then the file, allowed only for `key` and at most `maxBytes`. */
  presignPost(key: string, keyPrefix: string, maxBytes: number, expiresSeconds: number): Promise<{ url: string; fields: Record<string, string> }>;
  /** The object's size and ETag, or null when nothing is stored under `key`. */
  head(key: string): Promise<{ size: number; etag: string } | null>;
  /** Copies `from` to `to` inside the bucket, only while `from` is still the version `etag` names. */
  copy(from: string, to: string, etag: string): Promise<void>;
  /** Starts a multipart upload; its S3 upload id. */
  createMultipart(key: string): Promise<string>;
  presignPart(key: string, uploadId: string, partNumber: number, expiresSeconds: number): Promise<string>;
  /** The parts stored so far, in order (null when the upload is gone: completed or aborted). */
  listParts(key: string, uploadId: string): Promise<{ partNumber: number; size: number; etag: string }[] | null>;
  /** Joins the parts; false when the upload is gone (completed or aborted meanwhile). */
  completeMultipart(key: string, uploadId: string, parts: { partNumber: number; etag: string }[]): Promise<boolean>;
  abortMultipart(key: string, uploadId: string): Promise<void>;
}

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.name === 'NoSuchUpload' || e.$metadata?.httpStatusCode === 404;
};

export function s3DirectUploads(load: LoadS3, bucket: string): DirectUploads {
  return {
    async presignPost(key, keyPrefix, maxBytes, expiresSeconds) {
      const { createPresignedPost } = await import('@aws-sdk/s3-presigned-post');
      // The key is fixed by the SDK (an exact `key` condition); the prefix and size are S3's to enforce.
      return createPresignedPost((await load()).client, {
        Bucket: bucket, Key: key, Expires: expiresSeconds,
        Conditions: [['content-length-range', 0, maxBytes], ['starts-with', '$key', keyPrefix]],
      });
    },
    async head(key) {
      const { client, HeadObjectCommand } = await load();
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return { size: Number(res.ContentLength ?? 0), etag: res.ETag ?? '' };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async copy(from, to, etag) {
      const { client, CopyObjectCommand } = await load();
      await client.send(new CopyObjectCommand({ Bucket: bucket, Key: to, CopySource: `${bucket}/${from}`, CopySourceIfMatch: etag }));
    },
    async createMultipart(key) {
      const { client, CreateMultipartUploadCommand } = await load();
      const res = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key }));
      if (!res.UploadId) throw new Error('S3 answered no upload id');
      return res.UploadId;
    },
    async presignPart(key, uploadId, partNumber, expiresSeconds) {
      const [{ client, UploadPartCommand }, { getSignedUrl }] = await Promise.all([load(), import('@aws-sdk/s3-request-presigner')]);
      return getSignedUrl(client, new UploadPartCommand({ Bucket: bucket, Key: key, UploadId: uploadId, PartNumber: partNumber }), { expiresIn: expiresSeconds });
    },
    async listParts(key, uploadId) {
      const { client, ListPartsCommand } = await load();
      const parts: { partNumber: number; size: number; etag: string }[] = [];
      let marker: string | undefined;
      try {
        for (;;) {
          const res = await client.send(new ListPartsCommand({ Bucket: bucket, Key: key, UploadId: uploadId, PartNumberMarker: marker }));
          for (const p of res.Parts ?? []) parts.push({ partNumber: p.PartNumber!, size: Number(p.Size ?? 0), etag: p.ETag ?? '' });
          if (!res.IsTruncated || !res.NextPartNumberMarker) break;
          marker = res.NextPartNumberMarker;
        }
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
      return parts.sort((a, b) => a.partNumber - b.partNumber);
    },
    async completeMultipart(key, uploadId, parts) {
      const { client, CompleteMultipartUploadCommand } = await load();
      try {
        await client.send(new CompleteMultipartUploadCommand({
          Bucket: bucket, Key: key, UploadId: uploadId,
          MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })) },
        }));
        return true;
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },
    async abortMultipart(key, uploadId) {
      const { client, AbortMultipartUploadCommand } = await load();
      try {
        await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId }));
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
    },
  };
}
