// `npm start`: builds the web app and the server when their sources changed since the last
// build, then serves the product (PORT, default 3000; data under DATA_DIR, default ./data).
import { execSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const newest = (dir) => {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
};
const builtAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);
const contract = newest(path.join(root, 'packages/contract'));

const targets = [
  { ws: '@xueban/web', src: 'apps/web', out: 'apps/web/dist/index.html' },
  { ws: '@xueban/server', src: 'apps/server/src', out: 'apps/server/dist/main.js' },
];
for (const t of targets) {
  if (Math.max(newest(path.join(root, t.src)), contract) > builtAt(path.join(root, t.out))) {
    execSync(`npm run build -w ${t.ws}`, { cwd: root, stdio: 'inherit' });
  }
}

const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')], {
  cwd: root, stdio: 'inherit', env: process.env,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
