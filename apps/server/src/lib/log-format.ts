import { Writable } from 'node:stream';

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** pino's own fields, and those shown in the line's head rather than as key=value. */
const SKIP = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'v', 'reqId', 'req', 'res', 'responseTime', 'err']);

const value = (v: unknown) => {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > 200 ? `${s.slice(0, 200)}…` : s;
};

/**
 * One pino JSON entry as one readable line: `12:03:04 INFO message key=value`. A request shows
 * its method and path, a response its status and time, an error its message (its stack below).
 * Fastify's "Server listening at" lines are left out: the start-up lines name the address to open.
 */
export function formatLogLine(json: string): string | null {
  let e: Record<string, unknown>;
  try {
    e = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const msg = typeof e.msg === 'string' ? e.msg : '';
  if (msg.startsWith('Server listening at')) return null;
  const time = new Date(typeof e.time === 'number' ? e.time : Date.now()).toTimeString().slice(0, 8);
  const parts = [time, LEVELS[e.level as number] ?? String(e.level), msg];
  const req = e.req as { method?: string; url?: string } | undefined;
  if (req?.method) parts.push(`${req.method} ${req.url ?? ''}`);
  const res = e.res as { statusCode?: number } | undefined;
  if (res?.statusCode) parts.push(String(res.statusCode));
  if (typeof e.responseTime === 'number') parts.push(`${Math.round(e.responseTime)}ms`);
  for (const [k, v] of Object.entries(e)) if (!SKIP.has(k) && v !== undefined) parts.push(`${k}=${value(v)}`);
  const err = e.err as { message?: string; stack?: string } | undefined;
  if (err?.message) parts.push(`error=${err.message}`);
  const line = parts.filter(Boolean).join(' ');
  return err?.stack ? `${line}\n${err.stack}` : line;
}

/** LOG_FORMAT=text: a stream pino writes its JSON lines to, printing each as one readable line. */
export function textLogStream(out: NodeJS.WritableStream = process.stdout): Writable {
  let rest = '';
  return new Writable({
    write(chunk: Buffer, _enc, done) {
      const lines = (rest + chunk.toString('utf8')).split('\n');
      rest = lines.pop() ?? '';
      for (const l of lines) {
        const line = l.trim() ? formatLogLine(l) : null;
        if (line !== null) out.write(`${line}\n`);
      }
      done();
    },
  });
}

/** Where pino writes: stdout as JSON (LOG_FORMAT=json), else through the readable formatter. */
export const logStream = (format: 'text' | 'json') => (format === 'json' ? undefined : textLogStream());
