/** Uploads a file the way the web does: getToken for a scene, then a multipart fileUpload. */
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
