/**
 * Files that leave their organisation through the chat: a picture asked about reaches the model
 * inline (a provider cannot log in), and an intent's annex shown to a user of another
 * organisation comes with a signed link that opens for them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { Code } from '@xueban/contract/codes';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { chatRecords } from '../src/db/schema/chat.ts';
import { createTestApp, listen, type TestApp } from './harness.ts';
import { World, type Person } from './robot-fixtures.ts';
import { FakeOpenAI } from './fakes/openai-server.ts';
import { streamChat } from './sse-client.ts';
import { uploadFile } from './uploads.ts';

/** A real 1×1 PNG: the server checks uploads by content. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let fake: FakeOpenAI;
let t: TestApp;
let w: World;
let base: string;
let creator: Person;
let student: Person;
let stranger: Person & { groupId: number };

beforeAll(async () => {
  fake = await new FakeOpenAI().start();
  t = await createTestApp({ LLM_BASE_URL: fake.url, LLM_API_KEY: 'sk-test', LLM_MODEL: 'fake-vision' });
  await t.deps.db.execute(sql`update ai_models set capabilities = '{chat,vision}'`);
  base = await listen(t);
  w = await new World(t).init();
  creator = await w.personA(Role.CREATOR);
  student = await w.personA();
  stranger = await w.orgB();
});
afterAll(async () => {
  await t?.close();
  await fake?.stop();
});

const read = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? { 'x-token': token } : {} });

describe('a picture in a question', () => {
  it('reaches a vision model inline as a data URL, stored as sent; another organisation\'s picture is left out', async () => {
    const mine = await uploadFile(t.app, student.token, 'image', '叶片.png', PNG);
    expect(mine.code, mine.msg).toBe(Code.OK);
    const theirs = await uploadFile(t.app, stranger.token, 'image', '别人的.png', PNG);
    expect(theirs.code, theirs.msg).toBe(Code.OK);
    // The model could not fetch the link itself: nobody is logged in there.
    expect((await read(mine.data.url)).statusCode).toBe(404);

    const robot = await w.robot(creator.token, { name: '生物助手' });
    const session = await w.post(student.token, '/api/ai/ChatCategory/save', { r_id: robot.id });
    const ask = (question: unknown) => streamChat(base, student.token, { category_id: session.data.id, question });

    const r = await ask([{ type: 'text', text: '图里是什么？' }, { type: 'image_url', image_url: { url: mine.data.url } }]);
    expect(r.status).toBe(200);
    expect(fake.chatRequests.at(-1)!.body.messages.at(-1)).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: '图里是什么？' },
        { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG.toString('base64')}`, detail: 'high' } },
      ],
    });
    const [stored] = await t.deps.db.select().from(chatRecords).where(eq(chatRecords.sessionId, session.data.id));
    expect(stored!.questionParts).toEqual([
      { type: 'text', text: '图里是什么？' }, { type: 'image_url', image_url: { url: mine.data.url, detail: 'high' } },
    ]);

    // The same picture linked nine times reaches the model once (memory is bounded per question).
    await ask([{ type: 'text', text: '再看看' }, ...Array.from({ length: 9 }, () => ({ type: 'image_url', image_url: { url: mine.data.url } }))]);
    const sentParts = fake.chatRequests.at(-1)!.body.messages.at(-1).content as { type: string }[];
    expect(sentParts.filter((p) => p.type === 'image_url')).toHaveLength(1);

    // A link to a file the asker may not read is not read for them.
    await ask([{ type: 'text', text: '这张呢？' }, { type: 'image_url', image_url: { url: theirs.data.url } }]);
    expect(fake.chatRequests.at(-1)!.body.messages.at(-1)).toEqual({ role: 'user', content: '这张呢？' });
  });
});

describe('an intent annex in a published robot\'s answer', () => {
  it('may name only its own organisation\'s files: another organisation\'s key is refused, so it is never signed', async () => {
    const theirs = await uploadFile(t.app, creator.token, 'file', '成绩单.txt', Buffer.from('内部资料'));
    expect(theirs.code, theirs.msg).toBe(Code.OK);
    const category = await w.post(stranger.token, '/api/ai/intentCategory/save', { name: '借用' });
    const intent = await w.post(stranger.token, '/api/ai/intent/save', { category_id: category.data.id, name: '成绩' });
    const save = (content: Record<string, unknown>) => w.post(stranger.token, '/api/ai/intentContent/save', {
      intent_id: intent.data.id, sort: 0, content_type: 'annex', content,
    });
    for (const url of [theirs.data.url, `https://school.example${theirs.data.url}`]) {
      const refused = await save({ url, title: '成绩单' });
      expect(refused.status, url).toBe(400);
      expect(refused.msg).toBe(MSG.intentContentAnnexRequired);
    }
    const own = await uploadFile(t.app, stranger.token, 'file', '通知.txt', Buffer.from('放假通知'));
    const inList = await save({ url: own.data.url, title: '通知', list: [{ name: '成绩单.txt', url: theirs.data.url }] });
    expect(inList.status).toBe(400);
    expect((await save({ url: own.data.url, title: '通知', list: [{ name: '通知.txt', url: own.data.url }] })).code).toBe(Code.OK);
  });

  it('is shown to another organisation with a signed link that opens for them, live and through ask intent', async () => {
    const annex = await uploadFile(t.app, creator.token, 'file', '校历.txt', Buffer.from('九月一日开学'));
    expect(annex.code, annex.msg).toBe(Code.OK);
    const robot = await w.robot(creator.token, { name: '教务助手' });
    const category = await w.post(creator.token, '/api/ai/intentCategory/save', { name: '教务' });
    const intent = await w.post(creator.token, '/api/ai/intent/save', { category_id: category.data.id, name: '校历查询' });
    const part = await w.post(creator.token, '/api/ai/intentContent/save', {
      intent_id: intent.data.id, sort: 0, content_type: 'annex',
      content: { url: annex.data.url, title: '校历', list: [{ name: '校历.txt', url: annex.data.url }] },
    });
    expect(part.code, part.msg).toBe(Code.OK);
    expect((await w.post(creator.token, '/api/ai/intent/bindCategory', { robot_id: robot.id, ids: [category.data.id] })).code).toBe(Code.OK);
    await w.publish(creator.token, robot.id, 'square');

    // The file itself stays the organisation's.
    expect((await read(annex.data.url, stranger.token)).statusCode).toBe(404);

    const session = await w.post(stranger.token, '/api/ai/ChatCategory/save', { r_id: robot.id });
    expect(session.code, session.msg).toBe(Code.OK);
    const res = await streamChat(base, stranger.token, { category_id: session.data.id, question: '我想做校历查询' });
    const shown = res.events.find((e) => e.event === 'finish')!.data.recommend_content[0].content;
    const signed = /^\/api\/files\/[^?]+\?exp=\d+&sig=[\w-]+$/;
    expect(shown.url).toMatch(signed);
    expect(shown.url.startsWith(annex.data.url)).toBe(true);
    expect(shown.list[0]).toEqual({ name: '校历.txt', url: expect.stringMatching(signed) });
    expect((await read(shown.url, stranger.token)).body).toBe('九月一日开学');
    expect((await read(shown.list[0].url)).statusCode).toBe(200);

    const asked = await w.post(stranger.token, '/api/ai/intent/ask', {
      id: intent.data.id, is_chat_recommend: 1, category_id: session.data.id, robot_id: robot.id,
    });
    expect(asked.code, asked.msg).toBe(Code.OK);
    const link = asked.data.content_module[0].content.url;
    expect(link).toMatch(signed);
    expect((await read(link, stranger.token)).body).toBe('九月一日开学');

    // Days later the stored link has expired; the history signs it anew when it is read.
    const recordId = res.events.find((e) => e.event === 'records')!.data.id;
    const expired = `${annex.data.url}?exp=1&sig=old`;
    await t.deps.db.update(chatRecords).set({
      recommendContent: sql`jsonb_set(${chatRecords.recommendContent}, '{0,content,url}', ${JSON.stringify(expired)}::jsonb)`,
    }).where(eq(chatRecords.id, recordId));
    expect((await read(expired, stranger.token)).statusCode).toBe(404);
    const log = await w.get(stranger.token, '/api/ai/chat_records/chatLog', { category_id: session.data.id });
    const again = JSON.parse(log.data.records.data.find((r: { id: number }) => r.id === recordId).recommend_content)[0].content.url;
    expect(again).toMatch(signed);
    expect((await read(again, stranger.token)).body).toBe('九月一日开学');
  });
});
