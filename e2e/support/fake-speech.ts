import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LANE } from './lane.ts';

/**
 * The voice journey's outside world on this lane's model port: an OpenAI-compatible provider that
 * transcribes (`POST /v1/audio/transcriptions`, multipart) and answers chat (`POST
 * /v1/chat/completions`, streamed). It cannot really hear: it keeps each recording for the test
 * to inspect and answers `heard`.
 */
export interface Recording { bytes: Buffer; fields: Record<string, string> }
export interface FakeSpeech {
  baseUrl: string;
  recordings: Recording[];
  chatRequests: { messages: { role: string; content: unknown }[] }[];
  close: () => Promise<void>;
}

export async function startFakeSpeech(heard: string, answer: string[]): Promise<FakeSpeech> {
  const recordings: Recording[] = [];
  const chatRequests: FakeSpeech['chatRequests'] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const path = (req.url ?? '').split('?')[0]!;
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data: [] }));
      } else if (path.endsWith('/audio/transcriptions')) {
        recordings.push(multipartFile(raw, String(req.headers['content-type'] ?? '')));
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ text: heard }));
      } else {
        const body = JSON.parse(raw.toString('utf8')) as { stream?: boolean; messages: { role: string; content: unknown }[] };
        if (!body.stream) {
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({
            id: 'c', object: 'chat.completion', created: 0, model: 'fake', choices: [{ index: 0, message: { role: 'assistant', content: '' }, finish_reason: 'stop' }],
          }));
          return;
        }
        chatRequests.push(body);
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        const chunk = (delta: object, finish: string | null = null) =>
          `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 0, model: 'fake', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
        for (const t of answer) res.write(chunk({ content: t }));
        res.end(`${chunk({}, 'stop')}data: [DONE]\n\n`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(LANE.modelPort, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    recordings,
    chatRequests,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function multipartFile(raw: Buffer, contentType: string): Recording {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  const out: Recording = { bytes: Buffer.alloc(0), fields: {} };
  if (!boundary) return out;
  const sep = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  let at = raw.indexOf(sep);
  while (at >= 0) {
    const next = raw.indexOf(sep, at + sep.length);
    if (next < 0) break;
    const part = raw.subarray(at + sep.length + 2, next - 2);
    const headEnd = part.indexOf('\r\n\r\n');
    const head = part.subarray(0, headEnd).toString('utf8');
    const name = /name="([^"]+)"/.exec(head)?.[1] ?? '';
    if (/filename="/.test(head)) out.bytes = Buffer.from(part.subarray(headEnd + 4));
    else out.fields[name] = part.subarray(headEnd + 4).toString('utf8');
    at = next;
  }
  return out;
}

/** Whether Debian's espeak-ng (with its Mandarin voice) is installed. */
export const hasEspeak = () => spawnSync('espeak-ng', ['--voices=cmn'], { encoding: 'utf8' }).stdout?.includes('cmn') ?? false;

/** A spoken Mandarin question as a WAV file, made by espeak-ng. */
export function speechWav(path: string, text: string) {
  execFileSync('espeak-ng', ['-v', 'cmn', '-w', path, text]);
}

/** `seconds` of digital silence as a 48 kHz 16-bit mono WAV file. */
export function silentWav(path: string, seconds: number) {
  const n = 48_000 * seconds;
  const wav = Buffer.alloc(44 + n * 2);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + n * 2, 4);
  wav.write('WAVEfmt ', 8, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(48_000, 24);
  wav.writeUInt32LE(96_000, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(n * 2, 40);
  writeFileSync(path, wav);
}
