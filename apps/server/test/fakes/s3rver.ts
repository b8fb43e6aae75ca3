import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';

/**
 * A real S3-compatible server from npm (s3rver 3.7.1, filesystem-backed, SigV4-checked) on a free
 * loopback port with a temporary directory. It speaks PutObject, the browser form POST, and
 * multipart create / upload part / complete, but not ListParts nor AbortMultipartUpload (its
 * router answers 405 for them), which resuming needs: those two are answered here from s3rver's
 * own part files, in S3's XML, ahead of its router. It does not enforce a POST policy's conditions.
 */
export interface S3rverHandle {
  url: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  env: Record<string, string>;
  /** Where s3rver keeps the bucket's objects on disk. */
  directory: string;
  close(): Promise<void>;
}

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | undefined>;
  status: number;
  body: unknown;
  set(name: string, value: string): void;
}
type Middleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;

const xml = (ctx: KoaContext, status: number, body: string) => {
  ctx.status = status;
  ctx.set('content-type', 'application/xml');
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
};
const noSuchUpload = (ctx: KoaContext) =>
  xml(ctx, 404, '<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>');

/** A bucket a browser page at `origin` may upload to directly (form POST, part PUT), as a school configures its own. */
const corsFor = (origin: string) => `<CORSConfiguration><CORSRule><AllowedOrigin>${origin}</AllowedOrigin>`
  + '<AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedMethod>POST</AllowedMethod>'
  + '<AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader></CORSRule></CORSConfiguration>';

export async function startS3rver(bucket = 'xueban', opts: { browserOrigin?: string } = {}): Promise<S3rverHandle> {
  const directory = mkdtempSync(path.join(tmpdir(), 'xueban-s3rver-'));
  const configs = opts.browserOrigin ? [corsFor(opts.browserOrigin)] : [];
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs }] });
  const uploadsDir = (): string => server.store.getResourcePath(bucket, undefined, 'uploads');

  const listPartsAndAbort: Middleware = async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    if (!uploadId || !ctx.path.startsWith(`/${bucket}/`) || !['GET', 'DELETE'].includes(ctx.method) || /[/\\.]/.test(uploadId)) return next();
    const dir = path.join(uploadsDir(), uploadId);
    const exists = await stat(dir).then((s) => s.isDirectory(), () => false);
    if (!exists) return noSuchUpload(ctx);
    if (ctx.method === 'DELETE') {
      await rm(dir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    // A part is stored once s3rver wrote its checksum file: one cut off mid-way is not listed, as on S3.
    const names = await readdir(dir);
    const numbers = names.filter((f) => /^\d+$/.test(f) && names.includes(`${f}.md5`)).map(Number).sort((a, b) => a - b);
    const parts = await Promise.all(numbers.map(async (n) => {
      const [info, md5] = await Promise.all([stat(path.join(dir, String(n))), readFile(path.join(dir, `${n}.md5`), 'utf8')]);
      return `<Part><PartNumber>${n}</PartNumber><ETag>"${md5}"</ETag><Size>${info.size}</Size></Part>`;
    }));
    const key = decodeURIComponent(ctx.path.slice(bucket.length + 2));
    xml(ctx, 200, `<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${bucket}</Bucket><Key>${key}</Key>`
      + `<UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`);
  };
  (server as { middleware: Middleware[] }).middleware.unshift(listPartsAndAbort);

  const { port } = (await server.run()) as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const accessKeyId = 'S3RVER';
  const secretAccessKey = 'S3RVER';
  return {
    url, bucket, accessKeyId, secretAccessKey, directory,
    env: { S3_BUCKET: bucket, S3_ENDPOINT: url, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey, S3_FORCE_PATH_STYLE: '1' },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
