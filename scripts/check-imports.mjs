// `npm run lint:imports` (and a step of `npm test`): the import fences of docs/decisions.md "Layering".
// madge resolves every import of apps/server/src and apps/web/src (type-only and dynamic imports
// count: a circle of types is still a circle, and a type reaching into another module's data
// access still ties the two together). Then:
// - no file may import its way back to itself;
// - server: ai/ (pure capabilities) imports nothing of modules/ or db/; lib/ nothing of modules/;
//   nothing reaches a module's repo from outside the module (it calls that module's service);
// - web: a feature never imports another feature; lib/ and components/ import no feature.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import madge from 'madge';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const counted = { skipTypeImports: false, skipAsyncImports: false };

const folderOf = (file, area) => (file.startsWith(`${area}/`) ? file.split('/')[1] : null);

/** Each rule names why an import (from → to, both relative to the tree's root) is refused, or null. */
const trees = [
  {
    dir: 'apps/server/src',
    tsConfig: 'apps/server/tsconfig.json',
    rule(from, to) {
      if (from.startsWith('ai/') && (to.startsWith('modules/') || to.startsWith('db/'))) {
        return 'ai/ holds pure capabilities: it imports nothing of modules/ or db/ (pass what it needs in)';
      }
      if (from.startsWith('lib/') && to.startsWith('modules/')) return 'lib/ sits below the modules and imports none of them';
      const a = folderOf(from, 'modules');
      const b = folderOf(to, 'modules');
      if (b && a !== b && to.endsWith('.repo.ts')) {
        return `${a ? `modules/${a}` : from} reaches modules/${b}'s data access: call its service instead (one owner per table)`;
      }
      return null;
    },
  },
  {
    dir: 'apps/web/src',
    tsConfig: 'apps/web/tsconfig.json',
    rule(from, to) {
      const a = folderOf(from, 'features');
      const b = folderOf(to, 'features');
      if (b && a && a !== b) return `features/${a} imports features/${b}: move what both need to lib/ or components/, or compose them in a page`;
      if (b && (from.startsWith('lib/') || from.startsWith('components/'))) return `${from.split('/')[0]}/ is shared by every feature and imports none`;
      return null;
    },
  },
];

let failures = 0;
for (const { dir, tsConfig, rule } of trees) {
  const result = await madge(path.join(root, dir), {
    baseDir: path.join(root, dir),
    fileExtensions: ['ts', 'tsx'],
    tsConfig: path.join(root, tsConfig),
    detectiveOptions: { ts: counted, tsx: counted, es6: counted },
  });
  const graph = result.obj();
  const circles = result.circular();
  const refused = [];
  for (const [from, deps] of Object.entries(graph)) {
    if (/\.test\.tsx?$/.test(from)) continue;
    for (const to of deps) {
      const why = rule(from, to);
      if (why) refused.push(`  ${from} → ${to}\n      ${why}`);
    }
  }
  if (!circles.length && !refused.length) {
    console.log(`${dir}: ${Object.keys(graph).length} files, no import circle, every fence holds`);
    continue;
  }
  failures += circles.length + refused.length;
  if (circles.length) {
    console.error(`${dir}: ${circles.length} import circle(s):`);
    for (const circle of circles) console.error(`  ${[...circle, circle[0]].join(' → ')}`);
    console.error('  Move the shared piece (a type, a helper) down to a file both can import (src/types.ts, lib/), rather than importing upwards.');
  }
  if (refused.length) console.error(`${dir}: ${refused.length} import(s) across a fence:\n${refused.join('\n')}`);
}
if (failures) process.exit(1);
