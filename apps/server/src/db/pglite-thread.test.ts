import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import type { PGlite } from '@electric-sql/pglite';
import { startPgliteThread, type ThreadClient } from './pglite-thread.ts';

// The server runs the bundled worker (dist/pglite-worker.js); from source the worker is TypeScript, loaded through tsx.
// (require finds the CommonJS build of tsx's API; its ES module build sits beside it.)
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
const entry = new URL('./pglite.worker.ts', import.meta.url).href;
const fromSource = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`;
const start = () => startPgliteThread(fromSource, { dataDir: 'memory://' }, { eval: true });

let db: ThreadClient;
const count = async (c: Pick<ThreadClient, 'query'> = db) => (await c.query('select count(*)::int as n from t')).rows[0] as { n: number };

beforeAll(async () => {
  db = await start();
  await db.executeSql("create table t (id serial primary key, name text not null constraint t_name_uq unique, doc jsonb, at timestamptz default now()); insert into t (name) values ('seed')");
});
afterAll(async () => {
  await db.close();
});

describe('the embedded database on its own thread', () => {
  it('answers as PGlite does: rows in both modes, json values, times as text, rows affected', async () => {
    const inserted = await db.query('insert into t (name, doc) values ($1, $2) returning id, name, doc, at', ['a', JSON.stringify({ n: [1, 2] })]);
    expect(inserted.rows[0]).toMatchObject({ name: 'a', doc: { n: [1, 2] } });
    expect(typeof (inserted.rows[0] as { at: unknown }).at).toBe('string');
    expect((await db.query('select name from t where name = $1', ['a'], { rowMode: 'array' })).rows).toEqual([['a']]);
    expect((await db.query('update t set doc = null where name = $1', ['a'])).affectedRows).toBe(1);
    expect((await db.executeSql('select name from t where id = $1', [1])).rows).toEqual([{ name: 'seed' }]);
  });

  it('reads arrays, and a statement whose result changed shape under it, in their new shape', async () => {
    await db.executeSql("create table shapes (id int primary key, tags text[], nums int[]); insert into shapes values (1, '{a,\"b c\"}', '{1,2}')");
    const read = () => db.query('select * from shapes where id = $1', [1]);
    expect((await read()).rows).toEqual([{ id: 1, tags: ['a', 'b c'], nums: [1, 2] }]);
    // Postgres refuses the kept statement once its columns change; it is prepared again, and the
    // main thread reads the answer by the new statement's columns.
    await db.executeSql("alter table shapes add column note text default 'n'");
    expect((await read()).rows).toEqual([{ id: 1, tags: ['a', 'b c'], nums: [1, 2], note: 'n' }]);
    expect((await read()).rows).toEqual([{ id: 1, tags: ['a', 'b c'], nums: [1, 2], note: 'n' }]);
  });

  it("fails a statement with Postgres's error and its fields, then keeps answering", async () => {
    const err = await db.query('insert into t (name) values ($1)', ['seed']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ code: '23505', constraint: 't_name_uq' });
    await expect(db.query('select nope from t')).rejects.toMatchObject({ code: '42703' });
    expect(await count()).toEqual({ n: 2 });
  });

  it('commits a transaction whole, rolls one back whole when its function throws, and runs nothing of others inside it', async () => {
    let inside!: () => void;
    const opened = new Promise<void>((r) => { inside = r; });
    let finish!: () => void;
    const held = new Promise<void>((r) => { finish = r; });
    const tx = db.transaction(async (t) => {
      await t.query('insert into t (name) values ($1)', ['in-tx']);
      inside();
      await held;
      return count(t);
    });
    await opened;
    // A statement outside waits for the open transaction, then sees what it committed.
    const outside = count();
    finish();
    expect(await tx).toEqual({ n: 3 });
    expect(await outside).toEqual({ n: 3 });

    await expect(db.transaction(async (t) => {
      await t.query('insert into t (name) values ($1)', ['lost']);
      throw new Error('changed my mind');
    })).rejects.toThrow('changed my mind');
    // A failed statement aborts the transaction: nothing of it stays.
    await expect(db.transaction(async (t) => {
      await t.query('insert into t (name) values ($1)', ['lost too']);
      await t.query('insert into t (name) values ($1)', ['seed']);
    })).rejects.toMatchObject({ code: '23505' });
    expect((await db.query("select count(*)::int as n from t where name like 'lost%'")).rows).toEqual([{ n: 0 }]);
  });

  it('serves drizzle, savepoints of nested transactions included', async () => {
    const orm = drizzle({ client: db as unknown as PGlite });
    await orm.transaction(async (tx) => {
      await tx.execute(sql`insert into t (name) values ('outer')`);
      await tx.transaction(async (inner) => {
        await inner.execute(sql`insert into t (name) values ('inner')`);
        inner.rollback();
      }).catch(() => {});
    });
    const names = (await orm.execute(sql`select name from t where name in ('outer', 'inner') order by name`)).rows;
    expect(names).toEqual([{ name: 'outer' }]);
  });

  it('leaves the main thread free while a statement runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => { ticks++; }, 5);
    try {
      // Long enough to span many ticks on any machine; on the main thread it would let none through.
      await db.query('select sum(x)::bigint as s from generate_series(1, $1::int) x', [4_000_000]);
    } finally {
      clearInterval(timer);
    }
    expect(ticks).toBeGreaterThan(3);
  });

  it('refuses calls once closed, with a clear error', async () => {
    const other = await start();
    expect(await other.executeSql('select 1 as one')).toMatchObject({ rows: [{ one: 1 }] });
    await other.close();
    await expect(other.query('select 1')).rejects.toThrow('数据库线程已退出');
  });
});
