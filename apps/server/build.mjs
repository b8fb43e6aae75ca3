// Bundles the server into dist/main.js: our own code (and the contract package) inlined,
// npm packages left as imports, migrations copied beside it.
import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');
rmSync(dist, { recursive: true, force: true });

await build({
  entryPoints: [path.join(here, 'src/main.ts')],
  outfile: path.join(dist, 'main.js'),
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
console.log('server built: apps/server/dist/main.js');
