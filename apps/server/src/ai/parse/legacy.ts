import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { copyFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MSG } from '@xueban/contract/messages';
import { ParseError, checkAborted } from './errors.ts';

export type LegacyKind = 'doc' | 'xls' | 'ppt';
const TARGET: Record<LegacyKind, string> = { doc: 'docx', xls: 'xlsx', ppt: 'pptx' };
const FAILED: Record<LegacyKind, string> = { doc: MSG.readDocFailed, xls: MSG.xlsReadFailed, ppt: MSG.pptReadFailed };
const TIMEOUT_MS = 60_000;
/**
 * LibreOffice's address space, in MB (`ulimit -v` on its process group): a plain document converts
 * in about 250 MB resident, so this stops a hostile file (a decompression bomb, a huge sheet) from
 * taking the shared machine's memory, while leaving room for its libraries' mappings.
 */
export const OFFICE_MEMORY_MB = 1536;

/** LibreOffice on PATH (`soffice`, or `libreoffice` as some distributions name it), looked up on each call. */
export function findOffice(): string | null {
  for (const name of ['soffice', 'libreoffice']) {
    for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
      if (!dir) continue;
      const file = path.join(dir, name);
      try {
        accessSync(file, constants.X_OK);
        return file;
      } catch {
        // not here
      }
    }
  }
  return null;
}

let spawnObserver: ((pid: number) => void) | undefined;

/**
 * Called with each LibreOffice process (its group's id) as it starts: the parse worker passes them
 * to the server, which kills them if the worker itself is killed before it could.
 */
export function observeOfficeSpawns(observer: (pid: number) => void): void {
  spawnObserver = observer;
}

/**
 * Runs a process in its own group under a memory cap (a shell sets `ulimit -v`, then becomes the
 * command) and kills the whole group (soffice forks soffice.bin) on timeout or abort.
 */
function runKilled(cmd: string, args: string[], timeoutMs: number, memoryMb: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const capped = ['-c', `ulimit -v ${Math.round(memoryMb * 1024)} && exec "$0" "$@"`, cmd, ...args];
    const child = spawn('/bin/sh', capped, { detached: true, stdio: 'ignore' });
    if (child.pid) spawnObserver?.(child.pid);
    const killGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const cleanup = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      killGroup(); // nothing of the conversion may outlive it
    };
    const fail = (err: Error) => {
      cleanup();
      reject(err);
    };
    const timer = setTimeout(() => fail(new OfficeTimeout(`${cmd} timed out after ${timeoutMs} ms`)), timeoutMs);
    const onAbort = () => fail(new Error('aborted'));
    signal?.addEventListener('abort', onAbort, { once: true });
    child.once('error', fail);
    child.once('exit', () => {
      cleanup();
      resolve();
    });
  });
}

/** The conversion ran past its time (and was killed): told apart from a file LibreOffice could not read. */
export class OfficeTimeout extends Error {
  override name = 'OfficeTimeout';
}

export interface OfficeOptions {
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
  memoryMb?: number | undefined;
}

/**
 * Old binary .doc/.xls/.ppt: LibreOffice headless converts them to docx/xlsx/pptx (see convertWithOffice);
 * without LibreOffice, or when it fails or takes over a minute, the user is told to convert.
 */
export function withConverted<T>(filePath: string, kind: LegacyKind, use: (converted: string) => Promise<T>, opts: OfficeOptions = {}): Promise<T> {
  return convertWithOffice(filePath, { from: kind, to: TARGET[kind], failed: FAILED[kind] }, use, opts);
}

/**
 * Converts a file with LibreOffice headless (`from` → `to`, e.g. docx → pdf) in a fresh temp dir
 * with its own profile (parallel conversions never share a locked one), bounded in time and memory;
 * `use` reads the result, then the dir goes. Without LibreOffice, or when it cannot convert, a
 * ParseError with `failed` (its cause an OfficeTimeout when it ran out of time).
 */
export async function convertWithOffice<T>(
  filePath: string,
  how: { from: string; to: string; failed: string },
  use: (converted: string) => Promise<T>,
  opts: OfficeOptions = {},
): Promise<T> {
  checkAborted(opts.signal);
  const office = findOffice();
  if (!office) throw new ParseError(how.failed);
  const dir = await mkdtemp(path.join(tmpdir(), 'xueban-office-'));
  try {
    // Uploads are stored without extensions; LibreOffice picks its filter partly by name.
    const input = path.join(dir, `input.${how.from}`);
    await copyFile(filePath, input);
    const outDir = path.join(dir, 'out');
    try {
      await runKilled(office, [
        '--headless', '--norestore', '--nologo', '--nolockcheck', '--nodefault',
        `-env:UserInstallation=${pathToFileURL(path.join(dir, 'profile')).href}`,
        '--convert-to', how.to, '--outdir', outDir, input,
      ], opts.timeoutMs ?? TIMEOUT_MS, opts.memoryMb ?? OFFICE_MEMORY_MB, opts.signal);
    } catch (err) {
      checkAborted(opts.signal);
      throw new ParseError(how.failed, { cause: err });
    }
    checkAborted(opts.signal);
    const output = path.join(outDir, `input.${how.to}`);
    // soffice exits 0 even when it could not read the file; the missing output says so.
    const size = await stat(output).then((s) => s.size, () => 0);
    if (!size) throw new ParseError(how.failed);
    return await use(output);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
