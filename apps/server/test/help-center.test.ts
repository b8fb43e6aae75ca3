/** The help centre for users (issue 20): published articles by type, found by search; drafts never reach users. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, call, createTestApp, login, register, type TestApp } from './harness.ts';

let t: TestApp;
let admin = '';
let user = '';
const titles = (res: { data: { title: string }[] }) => res.data.map((a) => a.title);
const lists = (query: Record<string, string> = {}, token = user) => call(t.app, 'GET', '/api/uc/HelpCenter/lists', { token, query });
const save = (body: Record<string, unknown>) => call(t.app, 'POST', '/api/uc/HelpCenter/save', { token: admin, body });

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, ADMIN.account, ADMIN.password);
  user = (await register(t.app)).token;
  await save({ type: 'faq', title: '如何找回密码？', content: '在登录页点击**忘记密码**。', sort: 2 });
  await save({ type: 'faq', title: '怎样加入班级', content: '向老师索取邀请码。', sort: 1 });
  await save({ type: 'faq', title: '未完成的草稿', content: '还在写的密码说明', status: 'draft' });
  await save({ type: 'release_guide', title: '发布指南', content: '发布前请完善介绍。' });
});
afterAll(async () => { await t?.close(); });

describe('help centre for users', () => {
  it('lists the published articles of a type in order, never a draft', async () => {
    expect(titles(await lists({ type: 'faq' }))).toEqual(['怎样加入班级', '如何找回密码？']);
    expect(titles(await lists())).not.toContain('未完成的草稿');
    // The super admin reading the help centre as a user sees no draft either.
    expect(titles(await lists({}, admin))).not.toContain('未完成的草稿');
  });

  it('finds articles by a word of the title or the content, still without drafts', async () => {
    expect(titles(await lists({ keyword: '密码' }))).toEqual(['如何找回密码？']);
    expect(titles(await lists({ keyword: '邀请码', type: 'faq' }))).toEqual(['怎样加入班级']);
    expect(titles(await lists({ keyword: '不存在的词' }))).toEqual([]);
  });

  it("gives drafts to the super admin's manage list only, and a published draft reaches users", async () => {
    const all = await call(t.app, 'GET', '/api/uc/HelpCenter/manageLists', { token: admin, query: { type: 'faq' } });
    const draft = all.data.find((a: { title: string }) => a.title === '未完成的草稿');
    expect(draft.status).toBe('draft');
    expect((await call(t.app, 'GET', '/api/uc/HelpCenter/manageLists', { token: user })).status).toBe(403);
    await save({ id: draft.id, type: 'faq', title: draft.title, content: draft.content, status: 'published' });
    expect(titles(await lists({ keyword: '草稿' }))).toEqual(['未完成的草稿']);
  });
});
