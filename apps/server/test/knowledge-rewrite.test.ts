/**
 * Query rewrite before retrieval (issue 22, point 2): with an AI model of the 问题改写 capability, a
 * follow-up that shares no word with the material (那礼拜六呢？ after a question about the library)
 * is restated with the conversation's subject before the search, and the answer cites the library's
 * document; without that model, the same follow-up finds nothing. A failing rewrite model never
 * fails the question. The 命中测试 (hitTest) offers the same step when asked (rewrite=1): it
 * answers the restated question beside the hits; without rewrite it answers the plain list of hits,
 * as before, so older clients keep working.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@xueban/contract/codes';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { createTestApp, listen, until, type TestApp } from './harness.ts';
import { World, type Person } from './robot-fixtures.ts';
import { FakeOpenAI } from './fakes/openai-server.ts';
import { streamChat } from './sse-client.ts';

let t: TestApp;
let w: World;
let fake: FakeOpenAI;
let creator: Person;
let base: string;
let library: number;
let kbId: number;
let robotId: number;

beforeAll(async () => {
  fake = await new FakeOpenAI().start();
  t = await createTestApp({ EGRESS_MODEL_ORIGINS: new URL(fake.url).origin });
  base = await listen(t);
  w = await new World(t).init();
  creator = await w.personA(Role.CREATOR);
  kbId = (await w.post(creator.token, '/api/ai/knowledge/save', { name: '校园生活' })).data.id as number;
  const queued = await w.post(creator.token, '/api/ai/knowledge/training', {
    type: 'qa', repository_id: kbId,
    qa: [{ question: '图书馆周末开放吗', answer: '图书馆周末早上九点到下午五点开放。' }, { question: '食堂几点开门', answer: '食堂早上六点半开门。' }],
  });
  library = queued.data[0].id as number;
  await until('both documents trained', async () => {
    const list = await w.get(creator.token, '/api/ai/knowledge/trainlists', { repository_id: kbId, limit: 50 });
    return list.data.data.every((d: { status: string }) => d.status === 'ready') || undefined;
  });
  const robot = await w.robot(creator.token, { name: '校园助手' });
  robotId = robot.id as number;
  await w.post(creator.token, '/api/ai/Robot/bindContent', { robot_id: robotId, type: 'repository', ids: [kbId] });
});
afterAll(async () => {
  await t?.close();
  await fake?.stop();
});

/** Asks the first question then the follow-up in a new session; the follow-up's cited documents. */
async function followUpSources(): Promise<number[]> {
  const session = await w.post(creator.token, '/api/ai/ChatCategory/save', { r_id: robotId });
  await streamChat(base, creator.token, { category_id: session.data.id, question: '图书馆几点开门？' });
  const res = await streamChat(base, creator.token, { category_id: session.data.id, question: '那礼拜六呢？' });
  const sources = res.events.find((e) => e.event === 'finish')!.data.sources as { document_id?: number }[];
  return sources.flatMap((s) => (s.document_id ? [s.document_id] : []));
}

const rewriteRequests = () => fake.requests.filter((r) => !r.body.stream && JSON.stringify(r.body.messages).includes('检索查询改写器'));

type Hit = { document_id: number; content: string };
const hitTest = (query: Record<string, string | number>) => w.get(creator.token, '/api/ai/knowledge/hitTest', { repository_id: kbId, ...query });

describe('query rewrite', () => {
  it('without a 问题改写 model, a follow-up sharing no word with the material finds nothing', async () => {
    expect(await followUpSources()).not.toContain(library);
    expect(rewriteRequests()).toEqual([]);
  });

  it('without one, the hit test offers no rewrite: retrievalStatus names none, and rewrite=1 is refused in words', async () => {
    expect((await w.get(creator.token, '/api/ai/knowledge/retrievalStatus')).data.rewrite_model).toBe('');
    const refused = await hitTest({ query: '那礼拜六呢？', rewrite: 1 });
    expect(refused.code).toBe(Code.BAD_REQUEST);
    expect(refused.msg).toBe(MSG.kbRewriteUnavailable);
    expect(rewriteRequests()).toEqual([]);
  });

  it('with one, the follow-up is searched as restated with the conversation, and cites the library', async () => {
    const provider = await w.post(w.admin, '/api/ai/admin.AiKey/save', { name: '改写服务', base_url: fake.url, api_key: 'sk-rewrite' });
    const model = await w.post(w.admin, '/api/ai/admin.AiModel/save', { provider_id: provider.data.id, model: 'fake-rewrite', label: '测试改写', capabilities: ['rewrite'] });
    expect(model.code, model.msg).toBe(20000);
    fake.completion = '检索语句：图书馆 周末 开放时间';
    expect(await followUpSources()).toContain(library);
    // The model saw the earlier exchange and the follow-up.
    const asked = JSON.stringify(rewriteRequests().at(-1)!.body.messages);
    expect(asked).toContain('学生：图书馆几点开门？');
    expect(asked).toContain('最新问题：那礼拜六呢？');
    expect(rewriteRequests().at(-1)!.body.model).toBe('fake-rewrite');
  });

  it('the hit test, asked to rewrite, searches the question as restated and says how; without asking, the plain list as before', async () => {
    expect((await w.get(creator.token, '/api/ai/knowledge/retrievalStatus')).data.rewrite_model).toBe('测试改写');
    fake.completion = '检索语句：图书馆 周末 开放时间';
    const before = rewriteRequests().length;
    const plain = await hitTest({ query: '那礼拜六呢？' });
    expect(plain.code, plain.msg).toBe(20000);
    // The answer old clients know: an array of hits; the question as typed finds no library.
    expect(Array.isArray(plain.data)).toBe(true);
    expect((plain.data as Hit[]).map((h) => h.document_id)).not.toContain(library);
    expect(rewriteRequests()).toHaveLength(before);

    const restated = await hitTest({ query: '那礼拜六呢？', rewrite: 1 });
    expect(restated.code, restated.msg).toBe(20000);
    expect(restated.data.query).toBe('那礼拜六呢？');
    expect(restated.data.rewritten).toBe('图书馆 周末 开放时间');
    expect((restated.data.hits as Hit[])[0]!.document_id).toBe(library);
    expect((restated.data.hits as Hit[])[0]!.content).toContain('九点');
    // One question, no conversation: the model sees the question alone.
    expect(rewriteRequests()).toHaveLength(before + 1);
    expect(rewriteRequests().at(-1)!.body.messages[1].content).toBe('最新问题：那礼拜六呢？');
    // true/false are taken as well as 1/0.
    expect((await hitTest({ query: '那礼拜六呢？', rewrite: 'true' })).data.rewritten).toBe('图书馆 周末 开放时间');
  });

  it('a rewrite model that answers nothing leaves the question as asked, and the answer still comes', async () => {
    fake.completion = '';
    const session = await w.post(creator.token, '/api/ai/ChatCategory/save', { r_id: robotId });
    const res = await streamChat(base, creator.token, { category_id: session.data.id, question: '食堂几点开门？' });
    const sources = res.events.find((e) => e.event === 'finish')!.data.sources as { snippet: string }[];
    expect(sources.some((s) => s.snippet.includes('六点半'))).toBe(true);
    // In the hit test too: the restated question is the question itself, and its hits come.
    const res2 = await hitTest({ query: '食堂几点开门？', rewrite: 1 });
    expect(res2.data.rewritten).toBe('食堂几点开门？');
    expect((res2.data.hits as Hit[]).some((h) => h.content.includes('六点半'))).toBe(true);
  });
});
