/** Uploads a file the way the web does: getToken for a scene, then a multipart fileUpload. */
import { crc32, deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { call } from './harness.ts';

const BOUNDARY = '----xuebanTestBoundary';

export async function uploadFile(app: FastifyInstance, token: string, scene: 'avatar' | 'image' | 'file' | 'knowledge' | 'voice', filename: string, data: Buffer) {
  const tok = await call(app, 'GET', '/api/uc/upload/getToken', { token, query: { scene } });
  const field = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const payload = Buffer.concat([
    Buffer.from(field('policy', tok.data.policy) + field('signature', tok.data.signature)
      + `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  const res = await app.inject({
    method: 'POST', url: '/api/uc/upload/fileUpload', payload,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'x-token': token },
  });
  return res.json() as { code: number; msg: string; data: { id: number; name: string; url: string } };
}

function pngChunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A valid w×h greyscale PNG; `padding` bytes of an ancillary chunk make it as large as wanted. */
export function png(w: number, h: number, padding = 0) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 1; // bit depth; colour type 0 (grey), default compression/filter/interlace
  const raw = Buffer.alloc(h * (1 + Math.ceil(w / 8))); // every row: filter byte 0 + zero bits
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', ihdr),
    ...(padding ? [pngChunk('teXt', Buffer.alloc(padding, 0x61))] : []),
    pngChunk('IDAT', deflateSync(raw)), pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
