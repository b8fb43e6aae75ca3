import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/** A minimal SMTP server (RFC 5321 commands, no TLS) standing in for a mail relay. */
export class FakeSmtp {
  readonly messages: { from: string; to: string[]; data: string }[] = [];
  private server: Server | null = null;

  get url() {
    return `smtp://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  async start() {
    this.server = createServer((socket) => this.session(socket));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  stop() {
    return new Promise((resolve) => this.server?.close(resolve));
  }

  private session(socket: Socket) {
    let mail = { from: '', to: [] as string[], data: '' };
    let inData = false;
    let buffer = '';
    socket.write('220 fake.smtp ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            this.messages.push(mail);
            mail = { from: '', to: [], data: '' };
            socket.write('250 queued\r\n');
          } else mail.data += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 fake.smtp\r\n');
        else if (verb === 'MAIL') { mail.from = line; socket.write('250 ok\r\n'); }
        else if (verb === 'RCPT') { mail.to.push(line); socket.write('250 ok\r\n'); }
        else if (verb === 'DATA') { inData = true; socket.write('354 go ahead\r\n'); }
        else if (verb === 'QUIT') { socket.end('221 bye\r\n'); }
        else socket.write('250 ok\r\n');
      }
    });
  }
}
