/**
 * While an answer streams, the syntax at its very end is often unfinished: `[链接](http`, a
 * lone `**`, an open `code span, a table with only its header row. Shown as it is, it would
 * flash as raw markdown and then jump into shape. This holds such a tail back until the next
 * chunk completes it (or the answer ends, when everything is shown as written).
 */

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;

/** True when the text ends inside a fenced code block (code is shown as it arrives). */
function inFence(lines: string[]): boolean {
  let open: string | null = null;
  for (const line of lines) {
    const fence = FENCE.exec(line)?.[1];
    if (!fence) continue;
    if (!open) open = fence;
    else if (fence[0] === open[0] && fence.length >= open.length && line.trim() === fence) open = null;
  }
  return open !== null;
}

/** Where the unfinished syntax of the last line starts, or -1. */
function unfinishedAt(line: string): number {
  // A link or picture whose ] or ) has not come yet.
  const link = /!?\[[^\]]*$|!?\[[^\]]*\]\([^)]*$/.exec(line);
  if (link) return link.index;
  // An inline code span still open.
  const ticks = line.match(/`/g)?.length ?? 0;
  if (ticks % 2 === 1) return line.lastIndexOf('`');
  // Emphasis that opens with nothing after it yet: an odd count of its marker on the line (a
  // closing marker makes it even; a list bullet "- " is not emphasis).
  const markers = /(?:\*{1,3}|_{1,3}|~{1,2})$/.exec(line);
  if (!markers || /^\s*[-*+]\s*$/.test(line.slice(0, markers.index + 1))) return -1;
  return line.split(markers[0]).length % 2 === 0 ? markers.index : -1;
}

/** A table whose separator row has not arrived: only `| a | b |` lines so far. */
function pendingTableStart(lines: string[]): number {
  let start = lines.length;
  while (start > 0 && lines[start - 1]!.trimStart().startsWith('|')) start -= 1;
  if (start === lines.length) return -1;
  const rows = lines.slice(start);
  return rows.length < 2 || !/^\s*\|?\s*:?-+/.test(rows[1]!) ? start : -1;
}

/** The part of a streaming answer that can be shown without half-written syntax. */
export function settledText(text: string): string {
  const lines = text.split('\n');
  if (inFence(lines)) return text;
  const table = pendingTableStart(lines);
  if (table >= 0) return lines.slice(0, table).join('\n');
  const last = lines.at(-1)!;
  const cut = unfinishedAt(last);
  return cut < 0 ? text : text.slice(0, text.length - last.length + cut);
}
