import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { StatementCache } from './pglite-statements.ts';

let pg: PGlite;
let cache: StatementCache;

beforeAll(async () => {
  pg = await PGlite.create('memory://');
  await pg.exec('create table t (id serial primary key, name text not null unique, tags text[] not null default \'{}\', doc jsonb)');
  cache = new StatementCache(pg);
});
afterAll(async () => {
  await pg.close();
});

describe('StatementCache', () => {
  it('answers as PGlite.query does, in both row modes, with arrays and json as parameters', async () => {
    const insert = 'insert into t (name, tags, doc) values ($1, $2, $3) returning id, name, tags, doc';
    for (const name of ['a', 'b', 'c', 'd', 'e', 'f', 'g']) await cache.query(insert, [name, ['x', 'y'], JSON.stringify({ n: name })]);
    const sql = 'select id, name, tags, doc from t where name = $1';
    // Past the fifth run Postgres may switch to its generic plan: the rows must not change.
    for (let i = 0; i < 8; i++) {
      expect(await cache.query(sql, ['c'], 'array')).toEqual(await pg.query(sql, ['c'], { rowMode: 'array' }));
      expect((await cache.query(sql, ['d'])).rows).toEqual((await pg.query(sql, ['d'])).rows);
    }
    expect((await cache.query(sql, ['d'])).rows[0]).toMatchObject({ name: 'd', tags: ['x', 'y'], doc: { n: 'd' } });
    expect((await cache.query('update t set tags = $1 where name = $2', [[], 'g'])).affectedRows).toBe(1);
  });

  it('fails a bad statement with Postgres\'s error, then keeps working', async () => {
    await expect(cache.query('insert into t (name) values ($1)', ['a'])).rejects.toMatchObject({ code: '23505' });
    await expect(cache.query('select nope from t where id = $1', [1])).rejects.toMatchObject({ code: '42703' });
    expect((await cache.query('select count(*)::int as n from t where id > $1', [0])).rows).toEqual([{ n: 7 }]);
  });

  it('never runs inside another caller\'s transaction, and a rolled-back one keeps its statements usable', async () => {
    let release!: () => void;
    let opened!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    const open = new Promise<void>((r) => { opened = r; });
    const tx = pg.transaction(async (t) => {
      await cache.query('insert into t (name) values ($1)', ['in-tx'], undefined, t);
      opened();
      await held;
      await t.rollback();
    });
    await open;
    // Started while the transaction is open: it must wait for it, not join it (and be rolled back with it).
    const lone = cache.query('insert into t (name) values ($1) returning id', ['lone']);
    await new Promise((r) => setTimeout(r, 50));
    release();
    await tx;
    await lone;
    const names = (await cache.query('select name from t where name = any($1) order by name', [['in-tx', 'lone']])).rows;
    expect(names).toEqual([{ name: 'lone' }]);
    // The statement prepared inside the rolled-back transaction still runs.
    await cache.query('insert into t (name) values ($1)', ['after']);
  });

  it('a burst of statements leaves the loop to sockets and timers between them (issue 23: open streams keep relaying)', async () => {
    let done = 0;
    const sql = 'select count(*)::int as n from t where id > $1';
    // As the database client sends them (db/client.ts): each caller first yields once, then queues.
    const send = async () => {
      await new Promise((resolve) => setImmediate(resolve));
      await cache.query(sql, [0]);
      done++;
    };
    const burst = Array.from({ length: 1000 }, send);
    // A timer due at once stands for a socket with a token waiting: it must not wait for the whole burst.
    const seenAt = await new Promise<number>((resolve) => setTimeout(() => resolve(done), 0));
    await Promise.all(burst);
    expect(done).toBe(1000);
    expect(seenAt).toBeLessThan(1000);
  });

  it('prepares again when the schema changes under a kept statement', async () => {
    const sql = 'select * from t where name = $1';
    expect((await cache.query(sql, ['a'])).fields.map((f) => f.name)).not.toContain('extra');
    await pg.exec('alter table t add column extra int default 7');
    expect((await cache.query(sql, ['a'])).rows[0]).toMatchObject({ name: 'a', extra: 7 });
  });

  it('leaves DDL and bulk statements to PGlite.query', async () => {
    await cache.query('create table u (id int)', []);
    const many = Array.from({ length: 150 }, (_, i) => i);
    const values = many.map((_, i) => `($${i + 1})`).join(', ');
    expect((await cache.query(`insert into u (id) values ${values}`, many)).affectedRows).toBe(150);
  });
});
