// A fresh, empty PostgreSQL database for one bench run on the server BENCH_DATABASE_URL points
// at: `create database bench_<random>` before, `drop database` after, so runs never see each
// other's rows (and a cold figure really is cold). The URL's own database is only used to connect.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Resolves with { url, name, version, drop() }; `url` is `baseUrl` with the new database's name. */
export async function freshPostgresDatabase(baseUrl) {
  const name = `bench_${randomBytes(6).toString('hex')}`;
  const version = await withClient(baseUrl, async (c) => {
    try {
      await c.query(`create database ${name}`);
    } catch (err) {
      throw new Error(`BENCH_DATABASE_URL: could not create a database for the bench (${err.message}); the role needs CREATEDB`);
    }
    return (await c.query('show server_version')).rows[0].server_version;
  });
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(), name, version,
    /** Drops the database; `with (force)` ends connections a killed server left behind (PostgreSQL 13+). */
    drop: () => withClient(baseUrl, async (c) => {
      await c.query(`drop database if exists ${name} with (force)`)
        .catch(() => c.query(`drop database if exists ${name}`));
    }),
  };
}

/** The URL without its password, for printing. */
export const redactUrl = (raw) => {
  const url = new URL(raw);
  if (url.password) url.password = '***';
  return url.toString();
};
