/** Excel refuses a cell longer than this: longer text is cut with an ellipsis. */
const CELL_MAX = 32_767;

/** Text for an exported .xlsx cell (written as a plain string, so a leading '=' never becomes a formula). */
export const xlsxText = (s: string) => (s.length > CELL_MAX ? `${s.slice(0, CELL_MAX - 1)}…` : s);
