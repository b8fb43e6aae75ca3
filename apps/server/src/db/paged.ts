import { sql } from 'drizzle-orm';

/**
 * A list's total in its page's own statement: the window count is taken before LIMIT and
 * OFFSET, so every row of the page carries the count of all rows. One statement instead of two.
 */
export const totalOver = () => sql<number>`count(*) over()`.mapWith(Number);

/**
 * The total of a page read with `totalOver`. An empty page is counted apart only when it is not
 * the first (a page past the end): `count` reads the first row of the first page, which carries
 * the total. An empty first page means there is nothing.
 */
export async function pageTotal(rows: { total: number }[], offset: number, count: () => Promise<number>): Promise<number> {
  if (rows.length) return rows[0]!.total;
  return offset > 0 ? count() : 0;
}
