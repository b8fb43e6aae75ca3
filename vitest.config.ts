import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default (cores − 1) is one file at a time on a 2-core runner, where much of each
    // server file waits on its database, LibreOffice, child processes or timers: one more file
    // than cores keeps both busy (689 s → 449 s for the whole suite there).
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test-setup.ts'],
          // A dialogue test clicks through antd in jsdom: seconds of CPU, more on a loaded 2-core runner.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
