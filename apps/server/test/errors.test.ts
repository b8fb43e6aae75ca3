import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@xueban/contract/messages';
import { call, createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close().catch(() => {}); });

describe('error envelope', () => {
  it('answers unknown API paths with a 404 envelope and a request id', async () => {
    const res = await call(t.app, 'GET', '/api/uc/nothing/here');
    expect(res.status).toBe(404);
    expect(res).toMatchObject({ code: 40400, msg: MSG.notFound, data: null });
    expect(res.request_id).toBe(res.headers['x-request-id']);
  });

  it('echoes a well-formed client request id', async () => {
    const res = await call(t.app, 'GET', '/api/health', { headers: { 'x-request-id': 'trace-12345678' } });
    expect(res.headers['x-request-id']).toBe('trace-12345678');
  });

  it('serves the OpenAPI document generated from the schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const login = doc.paths['/api/uc/passport/doLogin'].post;
    expect(Object.keys(login.requestBody.content['application/json'].schema.properties)).toEqual(['account', 'password']);
  });

  it('answers a server fault with a generic 500 that leaks nothing', async () => {
    await t.database.close();
    const res = await call(t.app, 'GET', '/api/health');
    expect(res.status).toBe(500);
    expect(res).toMatchObject({ code: 50000, msg: MSG.serverError, data: null });
    expect(res.raw.body).not.toMatch(/pglite|postgres|closed|stack|at /i);
    expect(res.request_id).toBeTruthy();
  });
});
