import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { defineCall } from '@xueban/contract/call';
import { ADMIN, call, createTestApp, login, type TestApp } from './harness.ts';
import { label } from './route-table.ts';
import { ok } from '../src/lib/envelope.ts';
import { route } from '../src/lib/route.ts';

// One description per call (packages/contract/src/call.ts): every route answers with a declared
// shape, so the API documents show it and nothing undeclared leaves the server.

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close().catch(() => {}); });

describe('response schemas', () => {
  it('every API route declares the shape of its answer', () => {
    const missing = t.app.routeTable
      .filter((r) => !(r.schema as { response?: Record<number, unknown> } | undefined)?.response?.[200])
      .map(label);
    expect(missing).toEqual([]);
  });

  it('the OpenAPI document has a response shape for every path', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>;
    };
    const shapeless: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
      for (const [method, op] of Object.entries(methods)) {
        const content = op.responses?.['200']?.content ?? {};
        if (!Object.values(content).some((c) => c.schema)) shapeless.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(shapeless).toEqual([]);
    const banners = doc.paths['/api/uc/Banner/getCurrentBannerList']!.get!.responses!['200']!.content!['application/json']!.schema as {
      properties: { data: { properties: Record<string, unknown> } };
    };
    expect(Object.keys(banners.properties.data.properties)).toEqual(['upgrade_tip', 'top']);
  });

  it('the user info after login carries no password hash, no session secret', async () => {
    const session = await login(t.app, ADMIN.account, ADMIN.password);
    const res = await call(t.app, 'GET', '/api/uc/passport/getUserInfo', { token: session });
    expect(res.code).toBe(20000);
    expect(res.raw.body).not.toMatch(/password|hash|secret/i);
  });
});

describe('a field the call does not declare', () => {
  // A route built the way every module builds its routes, whose service hands over a whole row
  // (as a careless change might): the declared fields leave, the hash and the key stay behind.
  const account = defineCall({
    method: 'GET', path: '/api/test/account', summary: 'test',
    response: z.object({ id: z.number(), name: z.string(), keys: z.array(z.object({ label: z.string() })) }),
  });
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  route(app, account, { config: { access: 'public' } }, async () => ok({
    id: 7, name: '张老师', password_hash: '$argon2id$v=19$secret',
    keys: [{ label: '主账号', api_key: 'sk-live-provider-key' }],
  }));
  afterAll(() => app.close());

  it('never reaches the client', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/account' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 20000, msg: 'success', data: { id: 7, name: '张老师', keys: [{ label: '主账号' }] } });
    expect(res.body).not.toMatch(/argon2|sk-live/);
  });
});
