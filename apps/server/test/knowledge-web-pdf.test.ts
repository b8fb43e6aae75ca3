/** A PDF imported from a web address is read in the parse worker, whatever the address ends with. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@xueban/contract/roles';
import { createTestApp, type TestApp } from './harness.ts';
import { World, type Person } from './robot-fixtures.ts';
import { minimalPdf, pdfText } from '../src/ai/parse/test-fixtures.ts';

let t: TestApp;
let w: World;
let creator: Person;
let site: http.Server;
let siteUrl: string;

beforeAll(async () => {
  site = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/pdf' });
    res.end(minimalPdf([pdfText(['Bus timetable', 'The school bus leaves the south gate at seven.'])]));
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  t = await createTestApp({ EGRESS_WEB_ORIGINS: siteUrl });
  w = await new World(t).init();
  creator = await w.personA(Role.CREATOR);
});
afterAll(async () => {
  await t?.close();
  site?.close();
});

describe('a PDF by web address', () => {
  it('is previewed from an address ending in .pdf and from a download link without an extension', async () => {
    for (const url of [`${siteUrl}/files/timetable.pdf`, `${siteUrl}/download?id=3`]) {
      const preview = await w.post(creator.token, '/api/ai/knowledge/parseWebUrl', { url });
      expect(preview.code, `${url}: ${preview.msg}`).toBe(20000);
      expect(preview.data.text).toContain('The school bus leaves the south gate at seven.');
    }
  });
});
