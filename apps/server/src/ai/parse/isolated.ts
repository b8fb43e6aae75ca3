import { fork } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { constants as osConstants, setPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MSG } from '@xueban/contract/messages';
import { ParseError } from './errors.ts';
import type { ParsedDoc, QaPair } from './types.ts';

/**
 * Bounds of one parse worker: a child process that parses one untrusted upload and exits. Past any
 * of them the worker is killed and the file is refused for good (a retry would only hit it again).
 * They are sized for a 2-core machine shared with other services, at most MAX_WORKERS at a time.
 */
export const WORKER_LIMITS = {
  /**
   * V8's old space (--max-old-space-size), in MB. mammoth holds a docx's XML as a tree at about
   * 16 times its size: 8 MB of XML (about 2 M characters, PARSE_LIMITS.maxChars) needs ~130 MB,
   * while the 64 MB the zip guard lets through would need ~1 GB. Running out of it ends the worker.
   */
  heapMb: 256,
  /**
   * The worker's resident memory, in MB, read every RSS_CHECK_MS (Linux): the heap plus what V8
   * does not count, i.e. the bytes of the file (pdf.js keeps a PDF twice) and inflated zip parts.
   * The loaded libraries take ~100 MB, so a PDF of about 200 MB still fits.
   */
  rssMb: 768,
  /**
   * Wall time, in ms. pdf.js reads a page in 5-50 ms, so a 1 000-page book takes under a minute
   * on a busy core; LibreOffice gets 60 s of it for an old .doc/.xls.
   */
  timeoutMs: 180_000,
};
export type WorkerLimits = typeof WORKER_LIMITS;

/** Workers at once: one per core, so parsing never takes both cores from the requests at once. */
export const MAX_WORKERS = 2;
const RSS_CHECK_MS = 250;
/** After sending its answer the worker exits by itself; one that lingers is killed after this. */
const EXIT_GRACE_MS = 2_000;
/**
 * From TypeScript source (tests, `npm run dev`) the worker runs through tsx, whose compiling of
 * pdf.js alone costs ~400 MB of resident memory; the bundled server does not pay it.
 */
const SOURCE_RSS_ALLOWANCE_MB = 512;

export type ParseRequest = { op: 'document' | 'qa'; filePath: string; fileName: string };
/** What the worker is sent: the request, and a temp dir of its own (made and removed by the server). */
export type WorkerRequest = ParseRequest & { tmpDir: string };
export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'office'; pid: number }
  | { type: 'result'; value: ParsedDoc | QaPair[] }
  | { type: 'error'; message: string };

export interface WorkerOptions {
  signal?: AbortSignal | undefined;
  /** Other bounds than WORKER_LIMITS, for tests (taken as they are, without the source allowance). */
  limits?: Partial<WorkerLimits>;
}

/**
 * The worker's entry: worker.ts beside this file when running from source (through tsx's loader,
 * since Node 20 cannot run TypeScript), or parse-worker.js beside the bundled main.js (build.mjs).
 */
function workerEntry(): { file: string; execArgv: string[]; fromSource: boolean } {
  const fromSource = import.meta.url.endsWith('.ts');
  const file = fileURLToPath(new URL(fromSource ? './worker.ts' : './parse-worker.js', import.meta.url));
  const execArgv = fromSource ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href] : [];
  if (process.execArgv.includes('--enable-source-maps')) execArgv.push('--enable-source-maps');
  return { file, execArgv, fromSource };
}

/**
 * The worker's environment: what LibreOffice and Node need to run, and nothing of the server's
 * configuration (database URL, secrets, keys) for a parser to leak.
 */
const WORKER_ENV = ['PATH', 'HOME', 'USER', 'LANG', 'LANGUAGE', 'LC_ALL', 'LC_CTYPE', 'TZ', 'TMPDIR', 'LD_LIBRARY_PATH', 'SystemRoot', 'TEMP', 'TMP'];
const workerEnv = () => Object.fromEntries(WORKER_ENV.flatMap((k) => (process.env[k] === undefined ? [] : [[k, process.env[k]]])));

let running = 0;
const waiting: (() => void)[] = [];

/** A worker slot (MAX_WORKERS at once, first come first served); an abort while waiting gives up the place. */
async function slot(signal?: AbortSignal): Promise<() => void> {
  if (running >= MAX_WORKERS) {
    await new Promise<void>((resolve, reject) => {
      const go = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = () => {
        waiting.splice(waiting.indexOf(go), 1);
        reject(new ParseError(MSG.parseAborted, { cause: signal?.reason }));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      waiting.push(go);
    });
  } else {
    running++;
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const next = waiting.shift();
    if (next) next(); // the slot passes on
    else running--;
  };
}

async function residentMb(pid: number): Promise<number | null> {
  if (process.platform !== 'linux') return null;
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
  return kb ? Number(kb) / 1024 : null;
}

/** What a dead worker said: V8's one-line reason when it ran out of heap, else the start of its stderr. */
const lastWords = (stderr: string) => /FATAL ERROR:[^\n]*/.exec(stderr)?.[0] ?? stderr.trim().slice(0, 1_000);

const killGroup = (pid: number) => {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
};

/**
 * Parses one stored upload in a parse worker. A ParseError from the parsers comes back as it is;
 * a worker that runs out of memory, crashes or is killed for memory is MSG.fileTooComplex, one past
 * its time MSG.parseTimedOut, an aborted signal MSG.parseAborted (the worker is killed at once).
 * A worker that cannot start at all is a plain Error: the server's fault, worth retrying.
 */
export async function parseInWorker(request: ParseRequest, opts: WorkerOptions = {}): Promise<ParsedDoc | QaPair[]> {
  const { signal } = opts;
  if (signal?.aborted) throw new ParseError(MSG.parseAborted, { cause: signal.reason });
  const release = await slot(signal);
  // The worker's temp dir (LibreOffice's copies and profile): removed here even if the worker is killed.
  const tmp = await mkdtemp(path.join(tmpdir(), 'xueban-parse-')).catch((err: unknown) => {
    release();
    throw err;
  });
  try {
    const entry = workerEntry();
    const limits = { ...WORKER_LIMITS, rssMb: WORKER_LIMITS.rssMb + (entry.fromSource ? SOURCE_RSS_ALLOWANCE_MB : 0), ...opts.limits };
    return await runWorker(entry, { ...request, filePath: path.resolve(request.filePath), tmpDir: tmp }, limits, signal);
  } finally {
    release();
    await rm(tmp, { recursive: true, force: true });
  }
}

type Entry = ReturnType<typeof workerEntry>;

/** Signals that stop a worker from outside; our own limits and aborts use SIGKILL. */
const STOPPED_FROM_OUTSIDE = new Set(['SIGTERM', 'SIGINT', 'SIGHUP']);

function runWorker(entry: Entry, request: WorkerRequest, limits: WorkerLimits, signal?: AbortSignal): Promise<ParsedDoc | QaPair[]> {
  return new Promise((resolve, reject) => {
    const child = fork(entry.file, [], {
      execArgv: [...entry.execArgv, `--max-old-space-size=${limits.heapMb}`],
      env: workerEnv(),
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
    });
    let started = false;
    let settled = false;
    let outcome: { value: ParsedDoc | QaPair[] } | { error: Error } | undefined;
    const offices = new Set<number>();
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (s: string) => {
      if (stderr.length < 4_096) stderr += s;
    });

    const stop = (error: Error) => {
      outcome ??= { error };
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => stop(new ParseError(MSG.parseTimedOut, { cause: new Error(`parse worker ran past ${limits.timeoutMs} ms`) })), limits.timeoutMs);
    const onAbort = () => stop(new ParseError(MSG.parseAborted, { cause: signal?.reason }));
    signal?.addEventListener('abort', onAbort, { once: true });
    const watch = setInterval(() => {
      if (!child.pid || outcome) return;
      void residentMb(child.pid).then((mb) => {
        if (mb !== null && mb > limits.rssMb) {
          stop(new ParseError(MSG.fileTooComplex, { cause: new Error(`parse worker used ${Math.round(mb)} MB (limit ${limits.rssMb} MB)`) }));
        }
      });
    }, RSS_CHECK_MS);
    let linger: NodeJS.Timeout | undefined;
    let unclosed: NodeJS.Timeout | undefined;

    const finish = (how: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(linger);
      clearTimeout(unclosed);
      clearInterval(watch);
      signal?.removeEventListener('abort', onAbort);
      if (outcome && 'value' in outcome) resolve(outcome.value);
      else if (outcome) reject(outcome.error);
      else if (!started) reject(new Error(`the parse worker did not start (${how}): ${stderr.trim()}`));
      // Stopped from outside (Ctrl-C or a service manager signalling the server's whole group on
      // shutdown): not the file's fault, so a plain error the queue retries.
      else if (STOPPED_FROM_OUTSIDE.has(how)) reject(new Error(`the parse worker was stopped (${how})`));
      // Out of heap (V8 aborts the process), or any other crash: the file is what broke it.
      else reject(new ParseError(MSG.fileTooComplex, { cause: new Error(`the parse worker ended (${how}): ${lastWords(stderr)}`) }));
    };

    child.on('message', (m: WorkerMessage) => {
      switch (m.type) {
        case 'ready':
          started = true;
          child.send(request);
          break;
        case 'office':
          offices.add(m.pid);
          break;
        case 'result':
        case 'error':
          outcome ??= m.type === 'result' ? { value: m.value } : { error: new ParseError(m.message) };
          linger = setTimeout(() => child.kill('SIGKILL'), EXIT_GRACE_MS);
          break;
      }
    });
    child.once('error', (err) => {
      outcome ??= { error: err };
      if (child.pid === undefined) finish('spawn failed'); // no exit event follows a failed spawn
    });
    // 'exit' can come before the last messages are read: the answer is awaited until 'close'.
    let ended = '';
    child.once('exit', (code, sig) => {
      ended = sig ?? `exit code ${code}`;
      for (const pid of offices) killGroup(pid); // LibreOffice runs in its own process group
      clearTimeout(linger);
      unclosed = setTimeout(() => finish(ended), EXIT_GRACE_MS);
    });
    child.once('close', () => finish(ended));
    if (child.pid) {
      try {
        // Below the server's requests on a shared machine; LibreOffice inherits it.
        setPriority(child.pid, osConstants.priority.PRIORITY_BELOW_NORMAL);
      } catch {
        // not permitted here: the worker runs at normal priority
      }
    }
  });
}
