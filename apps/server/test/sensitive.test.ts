/** 敏感词管理 (admin.Sensitive): the super admin's word list and the matcher the chat uses. */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { createTestApp, type TestApp } from './harness.ts';
import { World } from './robot-fixtures.ts';
import { sensitiveWords } from '../src/db/schema/chat.ts';
import { getSensitiveMatcher } from '../src/modules/sensitive/sensitive.service.ts';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await new World(t).init();
});
afterAll(async () => { await t?.close(); });
afterEach(() => { vi.useRealTimers(); });

const save = (word: unknown) => w.post(w.admin, '/api/ai/admin.Sensitive/save', { word });
const importWords = (words: unknown) => w.post(w.admin, '/api/ai/admin.Sensitive/import', { words });
const remove = (ids: number[]) => w.post(w.admin, '/api/ai/admin.Sensitive/delete', { ids });
const list = (q: Record<string, string | number> = {}) => w.get(w.admin, '/api/ai/admin.Sensitive/lists', { limit: 100, ...q });
const wordsOf = (res: Awaited<ReturnType<typeof list>>) => res.data.data.map((r: { word: string }) => r.word);
const matcher = () => getSensitiveMatcher(t.deps.db);

describe('admin.Sensitive', () => {
  it('adds a trimmed word, lists it newest first, and refuses a duplicate in any Latin case', async () => {
    const added = await save('  赌博网站 ');
    expect([added.code, added.msg]).toEqual([20000, MSG.created]);
    expect(added.data).toMatchObject({ word: '赌博网站' });
    expect(typeof added.data.create_time).toBe('number');
    await save('Casino');

    const page = await list();
    expect(page.data).toMatchObject({ page: 1, total: 2 });
    expect(wordsOf(page)).toEqual(['Casino', '赌博网站']);

    for (const dup of ['赌博网站', 'CASINO', ' casino']) {
      const res = await save(dup);
      expect([res.status, res.msg]).toEqual([400, MSG.sensitiveWordDuplicate]);
    }
    expect((await save('   ')).msg).toBe(MSG.sensitiveWordRequired);
    expect((await save('字'.repeat(51))).msg).toBe(MSG.sensitiveWordTooLong);
    expect((await save('字'.repeat(50))).code).toBe(20000);
    expect((await list()).data.total).toBe(3);
  });

  it('imports a list or a text, skipping repeats and words already listed', async () => {
    await save('已有词');
    const text = await importWords('新词一\n新词二, 新词三，已有词\r\n\n新词一\n  \n' + '长'.repeat(51));
    expect([text.code, text.msg]).toEqual([20000, MSG.sensitiveImportDone]);
    expect(text.data).toEqual({ added: 3, skipped: 3 });
    const arr = await importWords(['新词三', 'NEWWORD', 'newword', '新词四']);
    expect(arr.data).toEqual({ added: 2, skipped: 2 });
    expect(wordsOf(await list({ keyword: '新词' })).sort()).toEqual(['新词一', '新词三', '新词二', '新词四']);

    expect((await importWords(' \n , ')).msg).toBe(MSG.sensitiveImportEmpty);
    expect((await importWords([])).msg).toBe(MSG.sensitiveImportEmpty);
    const tooMany = await importWords(Array.from({ length: 10_001 }, (_, i) => `词${i}`));
    expect([tooMany.status, tooMany.msg]).toEqual([400, MSG.sensitiveImportTooMany]);
  });

  it('imports 10 000 words at once, and the matcher finds any of them', async () => {
    const words = Array.from({ length: 10_000 }, (_, i) => `批量${i}号`);
    const res = await importWords(words.join('\n'));
    expect(res.data).toEqual({ added: 10_000, skipped: 0 });
    expect((await matcher()).firstMatch('这里提到了批量9999号')).toBe('批量9999号');
    const found = await list({ keyword: '批量123', limit: 10 });
    expect(found.data.total).toBe(11); // 批量123号 and 批量1230号 … 批量1239号
  });

  it('searches by keyword, Latin letters in any case, with % and _ taken literally', async () => {
    await importWords(['SearchMe', '百分%号', '下划_线', 'plain']);
    expect(wordsOf(await list({ keyword: 'searchme' }))).toEqual(['SearchMe']);
    expect(wordsOf(await list({ keyword: '%' }))).toEqual(['百分%号']);
    expect(wordsOf(await list({ keyword: '_' }))).toEqual(['下划_线']);
    expect((await list({ keyword: '不存在的词' })).data).toMatchObject({ total: 0, data: [] });
    const paged = await list({ limit: 2, page: 2 });
    expect(paged.data).toMatchObject({ page: 2, limit: 2 });
    expect(paged.data.data).toHaveLength(2);
  });

  it('deletes the chosen words', async () => {
    const a = await save('删除甲');
    const b = await save('删除乙');
    await save('删除丙');
    const res = await remove([a.data.id, b.data.id]);
    expect([res.code, res.msg]).toEqual([20000, MSG.deleted]);
    expect(wordsOf(await list({ keyword: '删除' }))).toEqual(['删除丙']);
    expect((await remove([])).msg).toBe(MSG.sensitiveDeleteNone);
  });

  it('answers 403 to a student and to an organisation admin', async () => {
    const student = await w.personA();
    const orgAdmin = await w.personA(Role.ORG_ADMIN);
    const orgB = await w.orgB();
    for (const token of [student.token, orgAdmin.token, orgB.token]) {
      expect((await w.get(token, '/api/ai/admin.Sensitive/lists')).status).toBe(403);
      expect((await w.post(token, '/api/ai/admin.Sensitive/save', { word: '越权' })).status).toBe(403);
      expect((await w.post(token, '/api/ai/admin.Sensitive/import', { words: '越权' })).status).toBe(403);
      expect((await w.post(token, '/api/ai/admin.Sensitive/delete', { ids: [1] })).status).toBe(403);
    }
    expect((await list({ keyword: '越权' })).data.total).toBe(0);
  });
});

describe('getSensitiveMatcher', () => {
  it('sees a saved word at once and forgets a deleted one', async () => {
    expect((await matcher()).firstMatch('我想买一把玩具枪')).toBeNull();
    const saved = await save('玩具枪');
    expect((await matcher()).firstMatch('我想买一把玩具枪')).toBe('玩具枪');
    const s = (await matcher()).stream();
    expect(s.push('一把玩')).toBeNull();
    expect(s.push('具枪')?.word).toBe('玩具枪');
    await remove([saved.data.id]);
    expect((await matcher()).firstMatch('我想买一把玩具枪')).toBeNull();
  });

  it("notices another node's writes within 10 seconds", async () => {
    await matcher();
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    // Written straight to the database, as another server node sharing it would.
    await t.deps.db.insert(sensitiveWords).values({ word: '别处添加' });
    vi.setSystemTime(start + 9_000);
    expect((await matcher()).firstMatch('别处添加的词')).toBeNull();
    vi.setSystemTime(start + 10_500);
    expect((await matcher()).firstMatch('别处添加的词')).toBe('别处添加');
  });
});
