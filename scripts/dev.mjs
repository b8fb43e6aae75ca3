// `npm run dev`: the API with reload (tsx watch, port 3000) and the Vite dev server
// (port 5173, proxying /api to the API). Ctrl+C stops both.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], { stdio: 'inherit', env: process.env }),
  spawn('npm', ['run', 'dev', '-w', '@xueban/web'], { stdio: 'inherit', env: process.env }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });
