import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { copyFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MSG } from '@xueban/contract/messages';
import { ParseError, checkAborted } from './errors.ts';

export type LegacyKind = 'doc' | 'xls';
const TARGET: Record<LegacyKind, string> = { doc: 'docx', xls: 'xlsx' };
const FAILED: Record<LegacyKind, string> = { doc: MSG.readDocFailed, xls: MSG.xlsReadFailed };
const TIMEOUT_MS = 60_000;

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

/** Runs a process in its own group and kills the whole group (soffice forks soffice.bin) on timeout or abort. */
function runKilled(cmd: string, args: string[], timeoutMs: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { detached: true, stdio: 'ignore' });
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
    const timer = setTimeout(() => fail(new Error(`${cmd} timed out after ${timeoutMs} ms`)), timeoutMs);
    const onAbort = () => fail(new Error('aborted'));
    signal?.addEventListener('abort', onAbort, { once: true });
    child.once('error', fail);
    child.once('exit', () => {
      cleanup();
      resolve();
    });
  });
}

/**
 * Old binary .doc/.xls: LibreOffice headless converts them to docx/xlsx in a fresh temp dir (with its
 * own profile, so parallel conversions never share a locked one); `use` parses the result, then the
 * dir goes. Without LibreOffice, or when it fails or takes over a minute, the user is told to convert.
 */
export async function withConverted<T>(
  filePath: string,
  kind: LegacyKind,
  use: (converted: string) => Promise<T>,
  opts: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<T> {
  checkAborted(opts.signal);
  const office = findOffice();
  if (!office) throw new ParseError(FAILED[kind]);
  const dir = await mkdtemp(path.join(tmpdir(), 'xueban-office-'));
  try {
    // Uploads are stored without extensions; LibreOffice picks its filter partly by name.
    const input = path.join(dir, `input.${kind}`);
    await copyFile(filePath, input);
    const outDir = path.join(dir, 'out');
    try {
      await runKilled(office, [
        '--headless', '--norestore', '--nologo', '--nolockcheck', '--nodefault',
        `-env:UserInstallation=${pathToFileURL(path.join(dir, 'profile')).href}`,
        '--convert-to', TARGET[kind], '--outdir', outDir, input,
      ], opts.timeoutMs ?? TIMEOUT_MS, opts.signal);
    } catch (err) {
      checkAborted(opts.signal);
      throw new ParseError(FAILED[kind], { cause: err });
    }
    checkAborted(opts.signal);
    const output = path.join(outDir, `input.${TARGET[kind]}`);
    // soffice exits 0 even when it could not read the file; the missing output says so.
    const size = await stat(output).then((s) => s.size, () => 0);
    if (!size) throw new ParseError(FAILED[kind]);
    return await use(output);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
