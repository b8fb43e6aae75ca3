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

/**
 * Runs a page statement built with `totalOver` and a `limit`/`offset` placeholder: its rows and
 * the total. Past the last page it runs again for the first row of the first page.
 */
export async function readPage<R extends { total: number }, V extends Record<string, unknown> & { offset: number }>(
  statement: { execute(values: V): Promise<R[]> }, values: V,
): Promise<{ rows: R[]; total: number }> {
  const rows = await statement.execute(values);
  const total = await pageTotal(rows, values.offset, async () => (await statement.execute({ ...values, limit: 1, offset: 0 }))[0]?.total ?? 0);
  return { rows, total };
}
