// `npm run lint:cycles` (and a step of `npm test`): fails when a file in apps/server/src or apps/web/src
// reaches itself through its imports. Type-only imports count (a circle of types is still a circle:
// the modules can no longer be read, tested or moved one at a time), and so do dynamic imports.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import madge from 'madge';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const counted = { skipTypeImports: false, skipAsyncImports: false };
const trees = [
  { dir: 'apps/server/src', tsConfig: 'apps/server/tsconfig.json' },
  { dir: 'apps/web/src', tsConfig: 'apps/web/tsconfig.json' },
];

let circles = 0;
for (const { dir, tsConfig } of trees) {
  const result = await madge(path.join(root, dir), {
    baseDir: path.join(root, dir),
    fileExtensions: ['ts', 'tsx'],
    tsConfig: path.join(root, tsConfig),
    detectiveOptions: { ts: counted, tsx: counted, es6: counted },
  });
  const found = result.circular();
  const files = Object.keys(result.obj()).length;
  if (found.length === 0) {
    console.log(`${dir}: ${files} files, no import circle`);
    continue;
  }
  circles += found.length;
  console.error(`${dir}: ${found.length} import circle(s) among ${files} files:`);
  for (const circle of found) console.error(`  ${[...circle, circle[0]].join(' → ')}`);
}
if (circles) {
  console.error('\nA module reaches itself through its imports. Move the shared piece (a type, a helper) down to a file both can import (src/types.ts, lib/), rather than importing upwards.');
  process.exit(1);
}
