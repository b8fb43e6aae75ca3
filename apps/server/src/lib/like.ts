/** An ILIKE pattern matching `text` anywhere, its own %, _ and \ taken literally (PostgreSQL's default escape). */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
