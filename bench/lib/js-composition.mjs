// What a built JS chunk is made of, from its source map (what source-map-explorer does): every
// generated character is charged to the source file of the mapping segment it falls in, and
// source files are grouped by npm package (or "app" for our own code).
import { existsSync, readFileSync } from 'node:fs';

const B64 = Object.fromEntries([...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].map((c, i) => [c, i]));

/** Decodes one line of `mappings` into [generatedColumn, sourceIndex | -1] pairs (VLQ, cumulative source index). */
function decodeLine(line, state) {
  const segments = [];
  let col = 0;
  for (const seg of line.split(',')) {
    if (!seg) continue;
    const values = [];
    let value = 0;
    let shift = 0;
    for (const ch of seg) {
      const digit = B64[ch];
      value += (digit & 31) << shift;
      if (digit & 32) { shift += 5; continue; }
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
    col += values[0];
    if (values.length > 1) state.source += values[1];
    segments.push([col, values.length > 1 ? state.source : -1]);
  }
  return segments;
}

/** npm package of a source path, '@xueban/contract' for the shared contract, 'app' for apps/web/src. */
export function packageOf(source) {
  const nm = source.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = source.slice(nm + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  if (source.includes('packages/contract/')) return '@xueban/contract';
  if (source.includes('apps/web/src/')) return 'app (apps/web/src)';
  return source.startsWith('\0') || source.startsWith('rolldown') ? 'bundler runtime' : 'other';
}

/** Characters of `jsFile` per package (or per `keyOf(source)`), from `jsFile.map`; unmapped ones count as 'unmapped'. */
export function charsByPackage(jsFile, keyOf = packageOf) {
  const code = readFileSync(jsFile, 'utf8');
  // Chunks the bundler writes itself (its runtime) have no map.
  if (!existsSync(`${jsFile}.map`)) return new Map([['bundler runtime', code.length]]);
  const map = JSON.parse(readFileSync(`${jsFile}.map`, 'utf8'));
  const lines = code.split('\n');
  const mappingLines = map.mappings.split(';');
  const state = { source: 0 };
  const out = new Map();
  const add = (key, n) => n > 0 && out.set(key, (out.get(key) ?? 0) + n);
  lines.forEach((text, i) => {
    const segments = decodeLine(mappingLines[i] ?? '', state);
    if (!segments.length) return add('unmapped', text.length);
    add('unmapped', segments[0][0]);
    segments.forEach(([col, src], j) => {
      const end = j + 1 < segments.length ? segments[j + 1][0] : text.length;
      add(src < 0 ? 'unmapped' : keyOf(map.sources[src] ?? ''), end - col);
    });
  });
  return out;
}
