import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@xueban/contract/messages';
import { DEFAULT_WEBSITE_CONFIG } from '@xueban/contract/platform';
import { files } from '../src/db/schema/files.ts';
import { adminApp, call, register, type TestApp } from './harness.ts';

let t: TestApp;
let admin = '';
beforeAll(async () => { ({ t, admin } = await adminApp()); });
afterAll(async () => { await t?.close(); });

describe('website config (Setting/get value=website)', () => {
  it('answers the defaults to anyone, and the super admin changes them', async () => {
    const first = await call(t.app, 'GET', '/api/uc/Setting/get', { query: { value: 'website' } });
    expect(first.data).toEqual(DEFAULT_WEBSITE_CONFIG);
    const saved = await call(t.app, 'POST', '/api/uc/Setting/save', {
      token: admin, body: { value: 'website', data: { web_logo: { value: '/api/files/image/202611/logo.png' }, web_voice: { value: '1' } } },
    });
    expect(saved.msg).toBe(MSG.updated);
    const after = await call(t.app, 'GET', '/api/uc/Setting/get', { query: { value: 'website' } });
    expect(after.data.web_logo.value).toBe('/api/files/image/202611/logo.png');
    expect(after.data.web_voice.value).toBe('1');
    expect(after.data.web_title).toEqual(DEFAULT_WEBSITE_CONFIG.web_title);
    const bad = await call(t.app, 'POST', '/api/uc/Setting/save', { token: admin, body: { value: 'website', data: { web_voice: { value: 'yes' } } } });
    expect(bad.status).toBe(400);
  });
});

describe('banners', () => {
  it('shows platform-wide banners and the caller\'s organisation\'s own, never another organisation\'s', async () => {
    const owner = await register(t.app);
    const org = await call(t.app, 'POST', '/api/uc/groups/save', { token: owner.token, body: { name: '横幅学校' } });
    const all = await call(t.app, 'POST', '/api/uc/Banner/save', { token: admin, body: { type: 'upgrade_tip', big_img_url: '/api/files/image/202611/a.png' } });
    expect(all.msg).toBe(MSG.created);
    await call(t.app, 'POST', '/api/uc/Banner/save', { token: admin, body: { type: 'top', title: '只给横幅学校', group_id: org.data.group_id } });
    await call(t.app, 'POST', '/api/uc/Banner/save', { token: admin, body: { type: 'top', title: '已过期', end_time: Math.floor(Date.now() / 1000) - 10 } });

    const mine = await call(t.app, 'GET', '/api/uc/Banner/getCurrentBannerList', { token: owner.token, query: { platform: 'pc' } });
    expect(mine.data.upgrade_tip.map((b: { id: number }) => b.id)).toEqual([all.data.id]);
    expect(mine.data.top.map((b: { title: string }) => b.title)).toEqual(['只给横幅学校']);

    const stranger = await register(t.app);
    const theirs = await call(t.app, 'GET', '/api/uc/Banner/getCurrentBannerList', { token: stranger.token, query: { platform: 'pc', group_id: org.data.group_id } });
    expect(theirs.data.top).toEqual([]);
    const anonymous = await call(t.app, 'GET', '/api/uc/Banner/getCurrentBannerList', { query: { platform: 'pc' } });
    expect(anonymous.data.upgrade_tip).toHaveLength(1);

    await call(t.app, 'POST', '/api/uc/Banner/delete', { token: admin, body: { id: all.data.id } });
    const gone = await call(t.app, 'GET', '/api/uc/Banner/getCurrentBannerList', { token: owner.token });
    expect(gone.data.upgrade_tip).toEqual([]);
    expect((await call(t.app, 'POST', '/api/uc/Banner/delete', { token: admin, body: { id: all.data.id } })).status).toBe(404);
  });
});

describe('feedback (Tool/sendFeedBack)', () => {
  it('checks content, contact and pictures with the spec messages', async () => {
    const u = await register(t.app);
    const send = (body: object) => call(t.app, 'POST', '/api/uc/Tool/sendFeedBack', { token: u.token, body });
    expect((await send({ content: '   ' })).msg).toBe(MSG.feedbackContentRequired);
    expect((await send({})).msg).toBe(MSG.feedbackContentRequired);
    expect((await send({ content: '页面打不开', contact: '12345' })).msg).toBe(MSG.contactInvalid);
    expect((await send({ content: '页面打不开', picture_data: Array(6).fill('/api/files/image/202611/x.png') })).msg).toBe(MSG.feedbackTooManyImages);
    expect((await send({ content: '页面打不开', picture_data: ['https://evil.example/x.png'] })).msg).toBe(MSG.feedbackImageType);
    expect((await send({ content: '页面打不开 /home', contact: '13912345678' })).msg).toBe(MSG.done);
    expect((await send({ content: '邮箱联系', contact: 'me@test.local' })).code).toBe(20000);
  });

  it('accepts the user\'s own uploaded png/jpg pictures only', async () => {
    const u = await register(t.app);
    const other = await register(t.app);
    const info = await call(t.app, 'GET', '/api/uc/passport/getUserInfo', { token: u.token });
    await t.deps.db.insert(files).values([
      { key: 'image/202611/mine-png', groupId: info.data.group_id, userId: u.uid, name: 'a.png', size: 10, mime: 'image/png', scene: 'image', disk: 'local' },
      { key: 'image/202611/mine-gif', groupId: info.data.group_id, userId: u.uid, name: 'a.gif', size: 10, mime: 'image/gif', scene: 'image', disk: 'local' },
      { key: 'image/202611/theirs', groupId: info.data.group_id, userId: other.uid, name: 'b.png', size: 10, mime: 'image/png', scene: 'image', disk: 'local' },
    ]);
    const send = (pics: string[]) => call(t.app, 'POST', '/api/uc/Tool/sendFeedBack', { token: u.token, body: { content: '截图', picture_data: pics } });
    expect((await send(['/api/files/image/202611/mine-png'])).code).toBe(20000);
    expect((await send(['/api/files/image/202611/mine-gif'])).msg).toBe(MSG.feedbackImageType);
    expect((await send(['/api/files/image/202611/theirs'])).msg).toBe(MSG.feedbackImageType);
  });

  it('lets an org admin read only their organisation\'s feedback, and the super admin all of it', async () => {
    const owner = await register(t.app);
    await call(t.app, 'POST', '/api/uc/groups/save', { token: owner.token, body: { name: '反馈学校' } });
    await call(t.app, 'POST', '/api/uc/Tool/sendFeedBack', { token: owner.token, body: { content: '来自反馈学校' } });
    const own = await call(t.app, 'GET', '/api/uc/Tool/feedbackLists', { token: owner.token });
    expect(own.data.data.map((f: { content: string }) => f.content)).toEqual(['来自反馈学校']);
    const everyone = await call(t.app, 'GET', '/api/uc/Tool/feedbackLists', { token: admin, query: { limit: 100 } });
    expect(everyone.data.total).toBeGreaterThan(own.data.total);
  });
});
