/**
 * Bad input never yields a 500: every route of the route table receives malformed bodies and
 * queries, generated from its zod schema's fields by fast-check, and must answer a 4xx envelope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { RouteEntry } from '../src/types.ts';
import { ADMIN, call, createTestApp, login, type TestApp } from './harness.ts';
import { bodySchema, label, querySchema, schemaKeys } from './route-table.ts';

let t: TestApp;
let adminToken = '';
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT: '100000' });
  adminToken = await login(t.app, ADMIN.account, ADMIN.password);
});
afterAll(async () => { await t?.close(); });

/** Values of the wrong type, shape or size for any field. */
const hostileValue = fc.oneof(
  fc.constant(null), fc.boolean(), fc.integer(), fc.double(), fc.constant(-1), fc.constant(2 ** 53),
  fc.string(), fc.string({ minLength: 300, maxLength: 5000 }), fc.constant('\u0000'), fc.constant("' or 1=1 --"),
  fc.constant('../../etc/passwd'), fc.array(fc.anything(), { maxLength: 5 }), fc.dictionary(fc.string(), fc.jsonValue()),
  fc.constant({ __proto__: { admin: true } }), fc.jsonValue(),
);

/** An object over the schema's own keys (so validation goes deep) with hostile values, or any JSON at all. */
const payloadFor = (keys: string[]) =>
  fc.oneof(
    keys.length ? fc.record(Object.fromEntries(keys.map((k) => [k, hostileValue])), { requiredKeys: [] }) : fc.constant({}),
    fc.jsonValue(),
  );

const token = (r: RouteEntry) => (r.access === 'public' ? undefined : adminToken);
// Logging out would end the admin session the rest of the run uses.
const fuzzable = (r: RouteEntry) => !r.url.endsWith('/doLogout');

function expectEnvelope(r: RouteEntry, res: Awaited<ReturnType<typeof call>>) {
  if (res.status >= 500 || typeof res.code !== 'number' || typeof res.msg !== 'string') {
    throw new Error(`${label(r)} answered ${res.status}: ${JSON.stringify({ code: res.code, msg: res.msg })}`);
  }
}

describe('malformed input on every route', () => {
  it('answers 4xx (or success) with the envelope for generated bodies and queries', async () => {
    const routes = t.app.routeTable.filter(fuzzable);
    for (const r of routes) {
      const keys = schemaKeys(r.method === 'GET' ? querySchema(r) : bodySchema(r));
      await fc.assert(
        fc.asyncProperty(payloadFor(keys), async (payload) => {
          const res = r.method === 'GET'
            ? await call(t.app, 'GET', r.url, { token: token(r), query: flattenQuery(payload) })
            : await call(t.app, 'POST', r.url, { token: token(r), body: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });
          expectEnvelope(r, res);
        }),
        { numRuns: 25, seed: 20261122 },
      );
    }
  }, 180_000);

  it('answers a clear 4xx to broken JSON, wrong content types and oversized bodies', async () => {
    const posts = t.app.routeTable.filter((r) => r.method === 'POST' && fuzzable(r));
    const big = JSON.stringify({ x: 'a'.repeat(3 * 1024 * 1024) });
    for (const r of posts) {
      const cases = [
        { body: '{"account": ', headers: { 'content-type': 'application/json' } },
        { body: 'account=a&password=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
        { body: 'plain text', headers: { 'content-type': 'text/plain' } },
        { body: big, headers: { 'content-type': 'application/json' } },
      ];
      for (const c of cases) {
        const res = await call(t.app, 'POST', r.url, { token: token(r), ...c });
        expectEnvelope(r, res);
        expect(res.status, `${label(r)} ${c.headers['content-type']}`).toBeGreaterThanOrEqual(400);
      }
    }
  }, 120_000);
});

/** Query strings carry only strings: nested values are serialised the way a careless client would. */
function flattenQuery(payload: unknown): Record<string, string> {
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return { q: String(payload) };
  return Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v) ?? '']));
}
