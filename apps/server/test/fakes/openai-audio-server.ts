import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A test stand-in for an OpenAI-compatible speech provider, real HTTP on 127.0.0.1:
 * `POST /v1/audio/transcriptions` (multipart: file, model, language) answers `{ text }`,
 * `POST /v1/audio/speech` (JSON: model, input, voice) answers audio bytes.
 */
export interface SeenAudioRequest {
  path: string;
  /** Multipart fields (transcriptions) or the JSON body (speech). */
  fields: Record<string, string>;
  /** The uploaded file's bytes (transcriptions). */
  file: Buffer | null;
  authorization: string;
}

/** A short mono 16-bit PCM WAV of a tone: audio a provider could have made. */
export function toneWav(ms = 300, rate = 16_000): Buffer {
  const n = Math.round((rate * ms) / 1000);
  const wav = Buffer.alloc(44 + n * 2);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + n * 2, 4);
  wav.write('WAVEfmt ', 8, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(n * 2, 40);
  for (let i = 0; i < n; i++) wav.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2);
  return wav;
}

export class FakeAudioProvider {
  readonly requests: SeenAudioRequest[] = [];
  /** What transcriptions answer. */
  text = '一加一等于几？';
  /** The audio speech answers. */
  audio = toneWav();
  /** Answer with this HTTP status instead (an outage). */
  status: number | null = null;
  /** Wait this long before answering (a provider slower than the deadline). */
  delayMs = 0;
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();

  get url() {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/v1`;
  }

  async start() {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async stop() {
    for (const s of this.sockets) s.destroy();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks);
    const path = (req.url ?? '').split('?')[0]!;
    const seen: SeenAudioRequest = { path, fields: {}, file: null, authorization: String(req.headers.authorization ?? '') };
    if (path.endsWith('/audio/transcriptions')) Object.assign(seen, parseMultipart(raw, String(req.headers['content-type'] ?? '')));
    else if (raw.length) seen.fields = JSON.parse(raw.toString('utf8')) as Record<string, string>;
    this.requests.push(seen);
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
    if (res.destroyed) return;
    if (this.status) {
      res.writeHead(this.status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'provider down', type: 'server_error' } }));
      return;
    }
    if (path.endsWith('/audio/transcriptions')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ text: this.text }));
    } else if (path.endsWith('/audio/speech')) {
      res.writeHead(200, { 'content-type': 'audio/wav' }).end(this.audio);
    } else {
      res.writeHead(404).end();
    }
  }
}

/** Just enough multipart/form-data parsing for the SDK's transcription upload. */
function parseMultipart(raw: Buffer, contentType: string): { fields: Record<string, string>; file: Buffer | null } {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  if (!boundary) return { fields, file };
  const sep = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  let at = raw.indexOf(sep);
  while (at >= 0) {
    const next = raw.indexOf(sep, at + sep.length);
    if (next < 0) break;
    const part = raw.subarray(at + sep.length + 2, next - 2);
    const headEnd = part.indexOf('\r\n\r\n');
    const head = part.subarray(0, headEnd).toString('utf8');
    const body = part.subarray(headEnd + 4);
    const name = /name="([^"]+)"/.exec(head)?.[1] ?? '';
    if (/filename="/.test(head)) file = Buffer.from(body);
    else fields[name] = body.toString('utf8');
    at = next;
  }
  return { fields, file };
}
