// PostgreSQL error codes, read the same whether the driver (pg, PGlite) throws the error itself or
// Drizzle wraps it (the original is then its cause).

/** 23505: a unique index or constraint refused the row. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null | undefined;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** 23503: a foreign key refused the row (its parent is gone) or the delete (a child still points at it). */
export function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null | undefined;
  return e?.code === '23503' || e?.cause?.code === '23503';
}
