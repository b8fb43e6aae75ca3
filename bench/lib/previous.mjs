// The figure of the last saved run: bench/results/<timestamp>.json files (written by run.mjs),
// newest first, the first one whose bench summary holds the same key path with a clean figure.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const RESULTS = path.resolve(import.meta.dirname, '../results');

/** Every saved run, newest first: [{ file, date, benches }]. Unreadable files are skipped. */
export function savedRuns(dir = RESULTS) {
  let files;
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  // File names are ISO timestamps, so the name order is the time order.
  return files.sort().reverse().flatMap((file) => {
    try {
      const json = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
      return [{ file, date: json.machine?.date ?? '', benches: json.benches ?? {} }];
    } catch {
      return [];
    }
  });
}

/**
 * The newest saved figure at benches[bench][...keys] that `accept` takes (e.g. a run without
 * failures), with the date of its run; null when no saved run has it.
 */
export function previousFigure(runs, bench, keys, accept = (v) => v != null) {
  for (const run of runs) {
    let v = run.benches[bench];
    for (const k of keys) v = v?.[k];
    if (v != null && accept(v)) return { value: v, date: run.date, file: run.file };
  }
  return null;
}
