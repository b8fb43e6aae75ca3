import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, copyFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { s3DirectUploads, type DirectUploads, type LoadS3 } from './s3-direct.ts';
import type { S3Client } from '@aws-sdk/client-s3';

/** Where uploaded bytes live. Keys are always server-generated (see files.service). */
export interface Storage {
  kind: 'local' | 's3';
  /** Moves a finished temporary file into storage under `key`. */
  putFile(key: string, tempPath: string, contentType: string): Promise<void>;
  /**
   * The object, or the bytes `range.start`..`range.end` (inclusive, already checked against the
   * object's size) of it; `size` is the length of `body`.
   */
  get(key: string, range?: ByteRange): Promise<{ body: Readable; size: number } | null>;
  delete(key: string): Promise<void>;
  /** Local storage only: the object's path on this disk, for readers that need no copy of it (null when there is no such object). */
  localPath?(key: string): Promise<string | null>;
  /** Present when the browser may upload straight to the bucket (S3): presigned POST and multipart. */
  direct?: DirectUploads;
}

/** An inclusive byte range, as HTTP Range speaks it. */
export interface ByteRange { start: number; end: number }

const SAFE_KEY = /^[a-z]+\/\d{6}\/[A-Za-z0-9_-]+(\.[a-z0-9]+)?$/;
export const isSafeKey = (key: string) => SAFE_KEY.test(key);

export function createLocalStorage(root: string): Storage {
  const full = (key: string) => {
    if (!isSafeKey(key)) throw new Error('unsafe storage key');
    return path.join(root, key);
  };
  return {
    kind: 'local',
    async putFile(key, tempPath) {
      const dest = full(key);
      await mkdir(path.dirname(dest), { recursive: true });
      await rename(tempPath, dest).catch(async () => {
        await copyFile(tempPath, dest);
        await rm(tempPath, { force: true });
      });
    },
    async get(key, range) {
      if (!isSafeKey(key)) return null;
      const file = full(key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      return range
        ? { body: createReadStream(file, { start: range.start, end: range.end }), size: range.end - range.start + 1 }
        : { body: createReadStream(file), size: info.size };
    },
    async delete(key) {
      await rm(full(key), { force: true });
    },
    async localPath(key) {
      if (!isSafeKey(key)) return null;
      const file = full(key);
      return (await stat(file).catch(() => null))?.isFile() ? file : null;
    },
  };
}

export interface S3Options {
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export function createS3Storage(o: S3Options): Storage {
  // The AWS SDK costs a start a quarter second or more: loaded, and the client made, at the first call.
  const sdk = () => import('@aws-sdk/client-s3');
  let made: Promise<S3Client> | undefined;
  const s3 = () => (made ??= sdk().then(({ S3Client }) => new S3Client({
    endpoint: o.endpoint, region: o.region, forcePathStyle: o.forcePathStyle,
    credentials: { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey },
    // Since 3.729 the SDK sends streams as `aws-chunked` with a CRC32 trailer by default, which
    // S3-compatible stores (OSS, COS, OBS, older MinIO) refuse; only checksum when S3 requires it,
    // so PutObject is a plain body with Content-Length.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })));
  const load: LoadS3 = async () => ({ client: await s3(), ...(await sdk()) });
  return {
    kind: 's3',
    direct: s3DirectUploads(load, o.bucket),
    async putFile(key, tempPath, contentType) {
      const { client, PutObjectCommand } = await load();
      const { size } = await stat(tempPath);
      await client.send(new PutObjectCommand({
        Bucket: o.bucket, Key: key, Body: createReadStream(tempPath), ContentLength: size, ContentType: contentType,
      }));
      await rm(tempPath, { force: true });
    },
    async get(key, range) {
      if (!isSafeKey(key)) return null;
      const { client, GetObjectCommand } = await load();
      try {
        const res = await client.send(new GetObjectCommand({
          Bucket: o.bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }));
        return { body: res.Body as Readable, size: Number(res.ContentLength ?? 0) };
      } catch (err) {
        if ((err as { name?: string }).name === 'NoSuchKey') return null;
        throw err;
      }
    },
    async delete(key) {
      const { client, DeleteObjectCommand } = await load();
      await client.send(new DeleteObjectCommand({ Bucket: o.bucket, Key: key }));
    },
  };
}
