// Bundles the server into dist/main.js, its parse worker into dist/parse-worker.js (the child
// process untrusted uploads are parsed in, src/ai/parse/isolated.ts), the worker thread that
// segments chunks for indexing into dist/text-terms-worker.js (src/ai/text-terms-pool.ts) and the
// embedded database's thread into dist/pglite-worker.js (src/db/pglite-thread.ts): our own code (and the
// contract package) inlined, npm packages left as imports, migrations copied beside them.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');
rmSync(dist, { recursive: true, force: true });

await build({
  entryPoints: {
    main: path.join(here, 'src/main.ts'),
    'parse-worker': path.join(here, 'src/ai/parse/worker.ts'),
    'text-terms-worker': path.join(here, 'src/ai/text-terms.worker.ts'),
    'pglite-worker': path.join(here, 'src/db/pglite.worker.ts'),
    'make-seed': path.join(here, 'src/db/make-seed.ts'),
  },
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [{
    name: 'external-packages',
    setup(b) {
      // Bare imports are npm packages, except our workspace contract which is TypeScript source.
      b.onResolve({ filter: /^[^./]/ }, (args) =>
        args.path.startsWith('@xueban/') ? undefined : { path: args.path, external: true });
    },
  }],
});
cpSync(path.join(here, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
// The migrated empty database a first start loads (src/db/seed.ts); the tool is not shipped.
execFileSync(process.execPath, [path.join(dist, 'make-seed.js'), path.join(dist, 'migrations'), dist], { stdio: 'inherit' });
rmSync(path.join(dist, 'make-seed.js'));
rmSync(path.join(dist, 'make-seed.js.map'));
console.log('server built: apps/server/dist/main.js, apps/server/dist/parse-worker.js, the database seed');
