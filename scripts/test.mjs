// `npm test`: typecheck, lint, unit and integration tests, then the browser tests.
// Each step runs even if an earlier one failed, so one run shows every problem.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { playwrightDigest, vitestDigest } from './test-digest.mjs';
import { missingEngines } from '../bench/lib/engines.mjs';

const VITEST_REPORT = 'e2e/.report/vitest.json';
const E2E_REPORT = 'e2e/.report/results.json';
rmSync('e2e/.report', { recursive: true, force: true });

const steps = [
  ['typecheck', 'npx', ['tsc', '-b']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
  ['import fences', 'node', ['scripts/check-imports.mjs']],
  ['unit + integration', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${VITEST_REPORT}`]],
  ['e2e', 'node', ['e2e/run.mjs']],
];
// Several nodes on real engines (PostgreSQL, Redis, nginx, s3rver), one killed mid-stream: the
// cluster bench in its short size, where Debian's binaries are installed (.ci/run installs them).
const missing = missingEngines();
if (missing.length) console.log(`\n━━ cluster (short): skipped, this machine lacks ${missing.join(', ')}`);
else steps.push(['cluster (short)', 'node', ['bench/run.mjs', 'cluster', '--short']]);

const results = [];
for (const [name, cmd, args] of steps) {
  console.log(`\n━━ ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const { status } = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  results.push({ name, ok: status === 0, seconds: Math.round((Date.now() - started) / 1000) });
}

console.log('\n━━ summary');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.name} (${r.seconds}s)`);
const digest = [...vitestDigest(VITEST_REPORT), ...playwrightDigest(E2E_REPORT)];
if (digest.length) console.log(`\n━━ failed and flaky tests\n${digest.join('\n')}`);
const failed = results.filter((r) => !r.ok).length;
console.log(`steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
