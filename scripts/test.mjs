// `npm test`: typecheck, lint, unit and integration tests, then the browser tests.
// Each step runs even if an earlier one failed, so one run shows every problem.
import { spawnSync } from 'node:child_process';

const steps = [
  ['typecheck', 'npx', ['tsc', '-b']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
  ['import fences', 'node', ['scripts/check-imports.mjs']],
  ['unit + integration', 'npx', ['vitest', 'run']],
  ['e2e', 'node', ['e2e/run.mjs']],
];

const results = [];
for (const [name, cmd, args] of steps) {
  console.log(`\n━━ ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const { status } = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  results.push({ name, ok: status === 0, seconds: Math.round((Date.now() - started) / 1000) });
}

console.log('\n━━ summary');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.name} (${r.seconds}s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
