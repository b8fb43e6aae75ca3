import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, copyFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

/** Where uploaded bytes live. Keys are always server-generated (see files.service). */
export interface Storage {
  kind: 'local' | 's3';
  /** Moves a finished temporary file into storage under `key`. */
  putFile(key: string, tempPath: string, contentType: string): Promise<void>;
  get(key: string): Promise<{ body: Readable; size: number } | null>;
  delete(key: string): Promise<void>;
}

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
    async get(key) {
      if (!isSafeKey(key)) return null;
      const file = full(key);
      const info = await stat(file).catch(() => null);
      return info?.isFile() ? { body: createReadStream(file), size: info.size } : null;
    },
    async delete(key) {
      await rm(full(key), { force: true });
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
  const client = new S3Client({
    endpoint: o.endpoint, region: o.region, forcePathStyle: o.forcePathStyle,
    credentials: { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey },
    // Since 3.729 the SDK sends streams as `aws-chunked` with a CRC32 trailer by default, which
    // S3-compatible stores (OSS, COS, OBS, older MinIO) refuse; only checksum when S3 requires it,
    // so PutObject is a plain body with Content-Length.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    kind: 's3',
    async putFile(key, tempPath, contentType) {
      const { size } = await stat(tempPath);
      await client.send(new PutObjectCommand({
        Bucket: o.bucket, Key: key, Body: createReadStream(tempPath), ContentLength: size, ContentType: contentType,
      }));
      await rm(tempPath, { force: true });
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: o.bucket, Key: key }));
        return { body: res.Body as Readable, size: Number(res.ContentLength ?? 0) };
      } catch (err) {
        if ((err as { name?: string }).name === 'NoSuchKey') return null;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: o.bucket, Key: key }));
    },
  };
}
