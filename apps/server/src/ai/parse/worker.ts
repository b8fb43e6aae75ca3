/**
 * The parse worker (see isolated.ts): a child process of the server that parses one untrusted
 * upload, sends back the text or the ParseError's message, and exits. Whatever a file does to it
 * (exhausting its heap, crashing a library, looping) ends here, not in the server.
 */
import { MSG } from '@xueban/contract/messages';
import { ParseError } from './errors.ts';
import { parseDocumentInProcess, parseQaFileInProcess } from './in-process.ts';
import type { WorkerMessage, WorkerRequest } from './isolated.ts';
import { observeOfficeSpawns } from './legacy.ts';

/** Resolves once the message is handed to the channel (a large answer is written in parts). */
const send = (m: WorkerMessage) => new Promise<void>((resolve) => {
  if (process.send) process.send(m, () => resolve());
  else resolve();
});

// LibreOffice runs in its own process group; the server kills it if this worker dies first.
const offices = new Set<number>();
observeOfficeSpawns((pid) => {
  offices.add(pid);
  void send({ type: 'office', pid });
});

// The server is gone (killed, restarted): nobody is waiting for the answer, nor to clean up after us.
process.once('disconnect', () => {
  for (const pid of offices) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  process.exit(1);
});

process.once('message', (request: WorkerRequest) => {
  // LibreOffice's copies go to the dir the server removes after this process, however it ends.
  process.env.TMPDIR = request.tmpDir;
  void (async () => {
    try {
      const value = request.op === 'qa'
        ? await parseQaFileInProcess(request.filePath, request.fileName)
        : await parseDocumentInProcess(request.filePath, request.fileName);
      await send({ type: 'result', value });
    } catch (err) {
      await send({ type: 'error', message: err instanceof ParseError ? err.message : MSG.fileCorrupt });
    }
    process.exit(0);
  })();
});

void send({ type: 'ready' });
