import http from 'node:http';
import { createServer, type AddressInfo } from 'node:net';

/** A loopback port free now, for a process or server a test starts itself. */
export const freePort = () => new Promise<number>((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address() as AddressInfo;
    s.close(() => resolve(port));
  });
});

/**
 * A web page that answers only once `open()` is called: a server importing it is mid-fetch for
 * as long as the test likes (then killed, to prove what survives).
 */
export function gatedPage(html: string) {
  let isOpen = false;
  const server = http.createServer((_req, res) => {
    const answer = () => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(html);
    };
    if (isOpen) answer();
    else {
      const timer = setInterval(() => { if (isOpen) { clearInterval(timer); answer(); } }, 100);
      res.on('close', () => clearInterval(timer));
    }
  });
  return { server, open: () => { isOpen = true; } };
}
