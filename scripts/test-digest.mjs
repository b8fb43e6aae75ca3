// The end of `npm test`'s log is what a CI summary shows: this prints, after the summary, the first
// lines of each failed test's error (vitest and Playwright JSON reports) and the flaky e2e tests.
import { existsSync, readFileSync } from 'node:fs';

const MAX_LINES = 12;
// Colour codes (ESC [ … m) out of the reporters' messages.
const ESC = String.fromCharCode(27);
const strip = (s) => String(s ?? '').split(ESC).map((part, i) => (i ? part.replace(/^\[[0-9;]*m/, '') : part)).join('');
const head = (s) => strip(s).split('\n').filter((l) => l.trim() && !/node_modules|<anonymous>|node:internal/.test(l)).slice(0, MAX_LINES).map((l) => `    ${l}`).join('\n');

function readJson(file) {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Vitest's JSON report: testResults[].assertionResults[] with status and failureMessages. */
export function vitestDigest(file) {
  const report = readJson(file);
  if (!report) return [];
  const lines = [];
  for (const suite of report.testResults ?? []) {
    const failed = (suite.assertionResults ?? []).filter((a) => a.status === 'failed');
    if (!failed.length && suite.status === 'failed') lines.push(`  FAIL ${suite.name}\n${head(suite.message)}`);
    for (const a of failed) lines.push(`  FAIL ${suite.name.replace(/^.*?\/(apps|packages)\//, '$1/')} › ${a.fullName}\n${head(a.failureMessages?.[0])}`);
  }
  return lines;
}

/** Each failed attempt's errors with the spec line they point at (a timeout names the step it cut short). */
const attempts = (results = []) => results.filter((r) => r.errors?.length || r.error).map((r, i) => {
  const errors = r.errors?.length ? r.errors : [r.error];
  const text = errors.map((e) => `${e.location ? `at ${e.location.file.replace(/^.*\/e2e\//, 'e2e/')}:${e.location.line}\n` : ''}${e.message ?? e.stack}`).join('\n');
  return `    attempt ${i + 1}:\n${head(text)}`;
}).join('\n');

/** Playwright's JSON report: suites (nested) → specs → tests → results. */
export function playwrightDigest(file) {
  const report = readJson(file);
  if (!report) return [];
  const lines = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const where = `${spec.file}:${spec.line} › ${spec.title}`;
        const firstError = t.results?.find((r) => r.error)?.error;
        if (t.status === 'unexpected') lines.push(`  FAIL ${where}\n${attempts(t.results)}`);
        else if (t.status === 'flaky') lines.push(`  FLAKY (passed on retry) ${where}\n${head(firstError?.message)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return lines;
}
