import { spawn, spawnSync } from 'node:child_process';
import { toFile, type OpenAI } from 'openai';

/**
 * Speech capabilities (issue 26), no database: an OpenAI-compatible provider's
 * /audio/transcriptions and /audio/speech, and the built-in voice, Debian's espeak-ng.
 * Every call has one deadline (spec §7: 60 s) and no retry: the learner is waiting.
 */

/** Speech to text: the recording's words (Mandarin expected, so the provider need not guess). */
export async function transcribe(client: OpenAI, model: string, audio: Buffer, fileName: string, timeoutMs: number): Promise<string> {
  const file = await toFile(audio, fileName, { type: 'audio/wav' });
  const res = await client.audio.transcriptions.create({ file, model, language: 'zh' }, { timeout: timeoutMs, maxRetries: 0 });
  return (typeof res === 'string' ? res : res.text ?? '').trim();
}

/** Text to speech through a provider: MP3 bytes. */
export async function synthesize(client: OpenAI, model: string, text: string, timeoutMs: number): Promise<Buffer> {
  const signal = AbortSignal.timeout(timeoutMs);
  const res = await client.audio.speech.create(
    { model, voice: 'alloy', input: text, response_format: 'mp3' },
    { timeout: timeoutMs, maxRetries: 0, signal },
  );
  // The deadline covers the body too: a provider that stalls mid-audio is given up.
  return Buffer.from(await res.arrayBuffer());
}

const availability = new Map<string, boolean>();

/** Whether the espeak-ng binary runs and has its Mandarin voice (checked once per binary). */
export function espeakAvailable(bin: string): boolean {
  if (!bin) return false;
  let ok = availability.get(bin);
  if (ok === undefined) {
    const r = spawnSync(bin, ['--voices=cmn'], { encoding: 'utf8', timeout: 5_000 });
    ok = r.status === 0 && /\bcmn\b/.test(r.stdout ?? '');
    availability.set(bin, ok);
  }
  return ok;
}

/**
 * The built-in voice: espeak-ng's Mandarin (`-v cmn`), WAV on stdout. The text goes on stdin, so
 * nothing in it can be read as an option; the process is killed at the deadline.
 */
export function espeakSpeak(bin: string, text: string, timeoutMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, ['-v', 'cmn', '-s', '170', '--stdout'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('espeak-ng timed out'));
    }, timeoutMs);
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0 && out.length) resolve(fixWavSizes(Buffer.concat(out)));
      else reject(new Error(`espeak-ng exited with ${code}: ${err.slice(0, 200)}`));
    });
    child.stdin.on('error', () => {});
    child.stdin.end(text);
  });
}

/** What is read aloud: the answer without Markdown marks, code or links, at most `max` characters. */
export function speakableText(answer: string, max = 1_000): string {
  const plain = answer
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#*_`>|~]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? plain.slice(0, max) : plain;
}

/**
 * espeak-ng streams its WAV, so the header's RIFF and data sizes say 0x7fffffff; players that
 * trust them (and the duration they derive) get the real sizes written in.
 */
export function fixWavSizes(wav: Buffer): Buffer {
  if (wav.length < 44 || wav.toString('ascii', 0, 4) !== 'RIFF' || wav.toString('ascii', 8, 12) !== 'WAVE') return wav;
  wav.writeUInt32LE(wav.length - 8, 4);
  // Walk the chunks to the data chunk (fmt may be longer than 16 bytes).
  let at = 12;
  while (at + 8 <= wav.length) {
    const id = wav.toString('ascii', at, at + 4);
    if (id === 'data') {
      wav.writeUInt32LE(wav.length - at - 8, at + 4);
      break;
    }
    at += 8 + wav.readUInt32LE(at + 4);
  }
  return wav;
}
