import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import pino from 'pino';
import { loadConfig } from '../src/config.ts';
import { createDatabase } from '../src/db/client.ts';
import { bootstrap } from '../src/bootstrap.ts';
import { startLines } from '../src/start-lines.ts';
import { buildApp } from '../src/app.ts';
import { createLocalStorage } from '../src/modules/files/storage.ts';
import { createEgress } from '../src/lib/egress.ts';
import { createCluster } from '../src/lib/redis.ts';
import { createCodeSender } from '../src/modules/verify/code-sender.ts';
import { Mailbox, call } from './harness.ts';
import { FakeSmtp } from './fakes/smtp-server.ts';

function captureLog() {
  const lines: string[] = [];
  const log = pino({ level: 'info' }, new Writable({ write(c, _e, cb) { lines.push(c.toString()); cb(); } }));
  return { log, lines };
}

let smtp: FakeSmtp;
beforeAll(async () => { smtp = await new FakeSmtp().start(); });
afterAll(async () => { await smtp?.stop(); });

describe('verification code delivery', () => {
  it('emails the code through SMTP when SMTP_URL is set', async () => {
    const { log, lines } = captureLog();
    const sender = createCodeSender({ smtpUrl: smtp.url, from: '学伴 AI <no-reply@xueban.local>', log });
    await sender.send('student@example.com', '123456', 'reset');
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]!.to[0]).toContain('student@example.com');
    // The body is base64 (Chinese text); decode it as a mail client would.
    const body = smtp.messages[0]!.data.split('\n\n').slice(1).join('').replace(/\s/g, '');
    expect(Buffer.from(body, 'base64').toString('utf8')).toContain('您的验证码是 123456');
    expect(lines.join('')).not.toContain('123456');
  });

  it('writes the code to the server log without SMTP, and for mobile numbers', async () => {
    const { log, lines } = captureLog();
    await createCodeSender({ from: 'x', log }).send('student@example.com', '654321', 'register');
    await createCodeSender({ smtpUrl: smtp.url, from: 'x', log }).send('13912345678', '111222', 'reset');
    const text = lines.join('');
    expect(text).toContain('654321');
    expect(text).toContain('111222');
    expect(text).toContain('"level":40');
  });
});

describe('first boot without ADMIN_PASSWORD', () => {
  it('prints a generated password once, and it logs in', async () => {
    const printed: string[] = [];
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/xueban-boot-test', LOG_LEVEL: 'silent', ADMIN_ACCOUNT: 'boss@test.local' });
    const database = await createDatabase({ dataDir: 'memory://' });
    try {
      await database.migrate();
      // What main.ts prints after each boot: the start-up lines.
      for (let i = 0; i < 2; i++) {
        const boot = await bootstrap(database.db, config, pino({ level: 'silent' }));
        printed.push(...startLines({
          publicUrl: undefined, host: '0.0.0.0', port: 3000, database: { kind: 'pglite', dir: '/tmp/db' }, envModel: null, models: [],
          admin: { account: boot.adminAccount, generatedPassword: boot.generatedPassword }, demoRobot: null,
        }));
      }
      const shown = printed.join('\n');
      expect(shown.match(/admin account: boss@test\.local/g)).toHaveLength(2);
      const password = /初始密码\): (\S+)/.exec(shown)?.[1];
      expect(password).toBeTruthy();
      expect(shown.match(/初始密码/g)).toHaveLength(1);
      const app = await buildApp({
        db: database.db, config, codeSender: new Mailbox(), storage: createLocalStorage('/tmp/xueban-boot-test/files'),
        egress: createEgress(config), executeSql: database.executeSql, dbKind: database.kind, cluster: createCluster(undefined),
      });
      const res = await call(app, 'POST', '/api/uc/passport/doLogin', { body: { account: 'boss@test.local', password } });
      expect(res.code).toBe(20000);
      await app.close();
    } finally {
      await database.close();
    }
  });
});
