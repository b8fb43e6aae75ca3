import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { LANE } from './support/lane.ts';

/**
 * Run through `npm run test:e2e` (e2e/run.mjs), which builds the app, starts a real server per
 * worker on a free port with a fresh data directory and passes their addresses in E2E_LANES.
 * Playwright drives Debian's chromium; it never downloads a browser.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './.artifacts',
  // One worker per lane (e2e/run.mjs starts a server for each); files are spread across them.
  workers: process.env.E2E_LANES ? (JSON.parse(process.env.E2E_LANES) as unknown[]).length : 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  // E2E_RETRIES (CI sets 1): a test that fails once on a loaded shared runner gets one more try;
  // it is then reported as flaky in the digest that `npm test` prints last, never silently passed.
  retries: Number(process.env.E2E_RETRIES ?? 0),
  // The JSON report feeds that digest (scripts/test.mjs), so a failure's cause is in the log's tail.
  reporter: [['list'], ['json', { outputFile: fileURLToPath(new URL('./.report/results.json', import.meta.url)) }]],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    // Evaluated again in each worker process, where TEST_PARALLEL_INDEX picks the worker's lane.
    baseURL: LANE.baseUrl,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1280, height: 720 },
    // Recording a trace for every test cost a tenth of the suite's time; a test that fails is
    // retried with one (E2E_RETRIES), and `--trace retain-on-failure` brings the old way back.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        browserName: 'chromium',
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
});
