import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';

/**
 * A tiny S3-compatible server standing in for object storage: path-style PutObject, GetObject,
 * HeadObject (with a single `Range`) and DeleteObject, enough for @aws-sdk/client-s3. Signatures are not verified, but
 * the access key must be the configured one, so a test notices credentials that never arrive.
 *
 * It accepts both bodies the SDK may send: a plain body with Content-Length, and the
 * `aws-chunked` encoding with a checksum trailer (`STREAMING-UNSIGNED-PAYLOAD-TRAILER`) that
 * SDK versions since early 2025 use by default for streams; the trailer's CRC32 is checked.
 */
export interface FakeS3 {
  url: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  /** Every request seen, for asserting what the client really sent. */
  requests: { method: string; url: string; headers: http.IncomingHttpHeaders }[];
  close(): Promise<void>;
}

const xmlError = (res: http.ServerResponse, status: number, code: string, message: string) => {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;
  res.writeHead(status, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(body) });
  res.end(body);
};

/** Decodes `aws-chunked`: `<hex size>[;chunk-signature=…]\r\n<bytes>\r\n` … `0\r\n<trailers>\r\n\r\n`. */
export function decodeAwsChunked(raw: Buffer): { body: Buffer; trailers: Record<string, string> } {
  const parts: Buffer[] = [];
  const trailers: Record<string, string> = {};
  let pos = 0;
  const line = () => {
    const end = raw.indexOf('\r\n', pos);
    if (end < 0) throw new Error('aws-chunked: missing CRLF');
    const text = raw.subarray(pos, end).toString('latin1');
    pos = end + 2;
    return text;
  };
  for (;;) {
    const size = Number.parseInt(line().split(';')[0]!, 16);
    if (!Number.isFinite(size) || size < 0) throw new Error('aws-chunked: bad chunk size');
    if (size === 0) break;
    if (pos + size + 2 > raw.length) throw new Error('aws-chunked: truncated chunk');
    parts.push(raw.subarray(pos, pos + size));
    pos += size;
    if (line() !== '') throw new Error('aws-chunked: chunk not followed by CRLF');
  }
  while (pos < raw.length) {
    const t = line();
    if (t === '') break;
    const i = t.indexOf(':');
    trailers[t.slice(0, i).trim().toLowerCase()] = t.slice(i + 1).trim();
  }
  return { body: Buffer.concat(parts), trailers };
}

const crc32Base64 = (buf: Buffer) => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(crc32(buf));
  return out.toString('base64');
};

export async function startFakeS3(o: { bucket?: string; accessKeyId?: string; secretAccessKey?: string } = {}): Promise<FakeS3> {
  const bucket = o.bucket ?? 'test-bucket';
  const accessKeyId = o.accessKeyId ?? 'FAKEACCESSKEY';
  const secretAccessKey = o.secretAccessKey ?? 'fake-secret-key';
  const objects: FakeS3['objects'] = new Map();
  const requests: FakeS3['requests'] = [];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        handle(req, res, Buffer.concat(chunks));
      } catch (err) {
        xmlError(res, 400, 'InvalidRequest', (err as Error).message);
      }
    });
  });

  function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: Buffer) {
    const method = req.method ?? 'GET';
    requests.push({ method, url: req.url ?? '', headers: req.headers });
    if (!String(req.headers.authorization ?? '').startsWith(`AWS4-HMAC-SHA256 Credential=${accessKeyId}/`)) {
      return xmlError(res, 403, 'InvalidAccessKeyId', 'The access key is not known.');
    }
    const url = new URL(req.url ?? '/', 'http://fake');
    const [, b, ...rest] = url.pathname.split('/');
    if (b !== bucket) return xmlError(res, 404, 'NoSuchBucket', 'The bucket does not exist.');
    const key = rest.map(decodeURIComponent).join('/');
    if (!key) return xmlError(res, 400, 'InvalidRequest', 'Bucket operations are not supported.');

    if (method === 'PUT') {
      let body = raw;
      const sha = String(req.headers['x-amz-content-sha256'] ?? '');
      if (String(req.headers['content-encoding'] ?? '').includes('aws-chunked') || sha.startsWith('STREAMING-')) {
        const decoded = decodeAwsChunked(raw);
        body = decoded.body;
        const declared = req.headers['x-amz-decoded-content-length'];
        if (declared !== undefined && Number(declared) !== body.length) {
          return xmlError(res, 400, 'IncompleteBody', 'Decoded length differs from x-amz-decoded-content-length.');
        }
        const crc = decoded.trailers['x-amz-checksum-crc32'];
        if (crc !== undefined && crc !== crc32Base64(body)) {
          return xmlError(res, 400, 'BadDigest', 'The CRC32 you specified did not match the calculated checksum.');
        }
      } else if (/^[0-9a-f]{64}$/.test(sha) && createHash('sha256').update(body).digest('hex') !== sha) {
        return xmlError(res, 400, 'XAmzContentSHA256Mismatch', 'The provided x-amz-content-sha256 does not match.');
      }
      objects.set(key, { body, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream') });
      res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"`, 'content-length': 0 });
      return res.end();
    }
    if (method === 'GET' || method === 'HEAD') {
      const obj = objects.get(key);
      if (!obj) {
        if (method === 'HEAD') return res.writeHead(404).end();
        return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
      }
      // `Range: bytes=a-b` as S3 answers it: 206 with Content-Range (single ranges only).
      const range = /^bytes=(\d+)-(\d*)$/.exec(String(req.headers.range ?? ''));
      if (range) {
        const start = Number(range[1]);
        const end = Math.min(range[2] ? Number(range[2]) : obj.body.length - 1, obj.body.length - 1);
        if (start > end) return xmlError(res, 416, 'InvalidRange', 'The requested range is not satisfiable');
        const part = obj.body.subarray(start, end + 1);
        res.writeHead(206, {
          'content-type': obj.contentType, 'content-length': part.length, 'content-range': `bytes ${start}-${end}/${obj.body.length}`,
          etag: `"${createHash('md5').update(obj.body).digest('hex')}"`, 'last-modified': new Date().toUTCString(),
        });
        return res.end(method === 'HEAD' ? undefined : part);
      }
      res.writeHead(200, {
        'content-type': obj.contentType, 'content-length': obj.body.length,
        etag: `"${createHash('md5').update(obj.body).digest('hex')}"`, 'last-modified': new Date().toUTCString(),
      });
      return res.end(method === 'HEAD' ? undefined : obj.body);
    }
    if (method === 'DELETE') {
      objects.delete(key);
      return res.writeHead(204).end();
    }
    return xmlError(res, 501, 'NotImplemented', `${method} is not implemented.`);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`, bucket, accessKeyId, secretAccessKey, objects, requests,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
