/**
 * The copy engine (issue 20): a bundle of a robot, its knowledge base, its intent library and a
 * course plan copied into another organisation. Copies are independent of their source, the
 * robot copy answers from the copied knowledge at once, nothing private travels, and another
 * organisation's ids are 404 with nothing copied.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { Role } from '@xueban/contract/roles';
import { createTestApp, listen, type TestApp } from './harness.ts';
import { World, type OrgB, type Person } from './robot-fixtures.ts';
import { FakeOpenAI } from './fakes/openai-server.ts';
import { streamChat } from './sse-client.ts';
import { installBundle, type BundleCopies } from '../src/modules/copies/copies.service.ts';
import { chatSessions } from '../src/db/schema/chat.ts';
import { robotMembers, robots } from '../src/db/schema/robots.ts';
import { teams } from '../src/db/schema/teams.ts';
import { robotApiKeys } from '../src/db/schema/robot-api.ts';
import { knowledgeBases, knowledgeChunks } from '../src/db/schema/knowledge.ts';
import { isIndexed, warmIndexes } from '../src/modules/knowledge/search-index.ts';

let fake: FakeOpenAI;
let t: TestApp;
let w: World;
let base: string;
let creator: Person;
let student: Person;
let b: OrgB;
const src = { kb: 0, doc: 0, intentLib: 0, intent: 0, plan: 0, chapter: 0, lesson: 0, robot: 0 };
let copies: BundleCopies;
let groupA = 0;

const ANSWER = '新生报到时间为九月一日上午八点，地点在学校东门体育馆。';

async function settled(token: string, kbId: number) {
  for (let i = 0; i < 300; i++) {
    const tasks = await w.get(token, '/api/ai/knowledge/trainingtasks', { repository_id: kbId });
    if (tasks.data.queued + tasks.data.training === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('training did not finish');
}

beforeAll(async () => {
  fake = await new FakeOpenAI().start();
  t = await createTestApp({ LLM_BASE_URL: fake.url, LLM_API_KEY: 'sk-test', LLM_MODEL: 'fake-chat' });
  base = await listen(t);
  w = await new World(t).init();
  creator = await w.personA(Role.CREATOR, Role.TEACHER);
  student = await w.personA();
  b = await w.orgB();
  groupA = (await t.deps.db.select().from(robots).where(eq(robots.id, (await w.robot(creator.token, { name: '探针' })).id)))[0]!.groupId;

  src.kb = (await w.post(creator.token, '/api/ai/knowledge/save', { name: '新生指南', info: '入学须知' })).data.id;
  const trained = await w.post(creator.token, '/api/ai/knowledge/training', { type: 'qa', repository_id: src.kb, qa: [{ question: '新生什么时候报到？', answer: ANSWER }] });
  src.doc = trained.data[0].id;
  await settled(creator.token, src.kb);

  src.intentLib = (await w.post(creator.token, '/api/ai/intentCategory/save', { name: '入学问答', info: '' })).data.id;
  src.intent = (await w.post(creator.token, '/api/ai/intent/save', { category_id: src.intentLib, name: '宿舍分配', keywords: ['宿舍'] })).data.id;
  const other = (await w.post(creator.token, '/api/ai/intent/save', { category_id: src.intentLib, name: '校园卡', keywords: [] })).data.id;
  await w.post(creator.token, '/api/ai/intentContent/save', { intent_id: src.intent, content_type: 'text', content: { content: '宿舍按院系分配。' } });
  await w.post(creator.token, '/api/ai/intent/saveConnection', { id: src.intent, ids: [other] });

  const robot = await w.robot(creator.token, { name: '迎新助手' });
  src.robot = robot.id;
  await w.post(creator.token, '/api/ai/Robot/bindContent', { robot_id: robot.id, type: 'repository', ids: [src.kb] });
  await w.post(creator.token, '/api/ai/intent/bindCategory', { robot_id: robot.id, ids: [src.intentLib] });

  src.plan = (await w.post(creator.token, '/api/ai/coursePlan/save', { title: '入学教育', robot_id: robot.id })).data.id;
  src.chapter = (await w.post(creator.token, '/api/ai/courseNode/save', { plan_id: src.plan, title: '第一章 校园', content: '' })).data.id;
  src.lesson = (await w.post(creator.token, '/api/ai/courseNode/save', { plan_id: src.plan, pid: src.chapter, title: '认识图书馆', content: '图书馆在北区。' })).data.id;

  // Private things of org A around the robot: a member, a team, a conversation, an API key.
  await w.team(creator.token, robot.id);
  const session = await w.post(creator.token, '/api/ai/ChatCategory/save', { r_id: robot.id });
  expect(session.code, session.msg).toBe(20000);
  await t.deps.db.insert(robotMembers).values({ robotId: robot.id, userId: student.uid, role: 'user' }).onConflictDoNothing();

  copies = await installBundle({ db: t.deps.db }, {
    sourceGroupId: groupA, robots: [src.robot], knowledgeBases: [src.kb], intentLibraries: [src.intentLib], coursePlans: [src.plan],
  }, { groupId: b.groupId, uid: b.uid });
});
afterAll(async () => {
  await t?.close();
  await fake?.stop();
});

const copyOf = (list: { source: number; copy: number }[], id: number) => list.find((p) => p.source === id)!.copy;

describe('installBundle', () => {
  it('copies every part with its own id into the target organisation, the robot bound to the copies', async () => {
    const kb = copyOf(copies.knowledgeBases, src.kb);
    const lib = copyOf(copies.intentLibraries, src.intentLib);
    const robot = copyOf(copies.robots, src.robot);
    const plan = copyOf(copies.coursePlans, src.plan);
    expect([kb, lib, robot, plan]).not.toContain(src.kb);
    expect(kb).not.toBe(src.kb);
    expect(robot).not.toBe(src.robot);

    const kbs = await w.get(b.token, '/api/ai/knowledge/lists');
    expect(kbs.data.data).toEqual([expect.objectContaining({ id: kb, name: '新生指南', doc_count: 1, chunk_count: 1, training_count: 0, creator: expect.objectContaining({ id: b.uid }) })]);
    const docs = await w.get(b.token, '/api/ai/knowledge/trainlists', { repository_id: kb });
    expect(docs.data.data).toEqual([expect.objectContaining({ status: 'ready', chunk_count: 1 })]);
    expect(docs.data.data[0].id).not.toBe(src.doc);

    const bound = await w.get(b.token, '/api/ai/Robot/bindedContent', { robot_id: robot });
    expect(bound.data.map((c: { type: string; content_id: number }) => [c.type, c.content_id]).sort()).toEqual([['intent', lib], ['repository', kb]]);

    const intents = await w.get(b.token, '/api/ai/intent/lists', { category_id: lib });
    expect(intents.data.data.map((i: { name: string }) => i.name).sort()).toEqual(['宿舍分配', '校园卡']);
    const dorm = intents.data.data.find((i: { name: string }) => i.name === '宿舍分配');
    expect(dorm.id).not.toBe(src.intent);
    const parts = await w.get(b.token, '/api/ai/intentContent/lists', { intent_id: dorm.id });
    expect(JSON.stringify(parts.data)).toContain('宿舍按院系分配。');
    const linked = await w.get(b.token, '/api/ai/intent/connection', { id: dorm.id });
    expect(linked.data).toEqual([expect.objectContaining({ name: '校园卡', category_id: lib })]);

    const detail = await w.get(b.token, '/api/ai/coursePlan/detail', { plan_id: plan });
    expect(detail.data.plan).toMatchObject({ title: '入学教育', robot_id: robot, uid: b.uid, class_count: 0 });
    const [chapter, lesson] = detail.data.nodes;
    expect(chapter).toMatchObject({ title: '第一章 校园', pid: 0 });
    expect(lesson).toMatchObject({ title: '认识图书馆', pid: chapter.id, content: '图书馆在北区。' });
    expect([chapter.id, lesson.id]).not.toContain(src.chapter);
  });

  it('the installed robot answers from the copied knowledge at once, citing the copy', async () => {
    const robot = copyOf(copies.robots, src.robot);
    const docs = await w.get(b.token, '/api/ai/knowledge/trainlists', { repository_id: copyOf(copies.knowledgeBases, src.kb) });
    const session = await w.post(b.token, '/api/ai/ChatCategory/save', { r_id: robot });
    fake.queue.push({ tokens: ['九月一日', '报到'] });
    const res = await streamChat(base, b.token, { category_id: session.data.id, question: '新生什么时候报到？' });
    expect(res.answer).toBe('九月一日报到');
    const prompt = JSON.stringify(fake.chatRequests.at(-1)!.body.messages);
    expect(prompt).toContain(ANSWER);
    const sources = res.events.find((e) => e.event === 'finish')!.data.sources as { document_id?: number }[];
    expect(sources.map((s) => s.document_id)).toContain(docs.data.data[0].id);
    expect(sources.map((s) => s.document_id)).not.toContain(src.doc);
  });

  it('copies are independent of their source, both ways', async () => {
    const kb = copyOf(copies.knowledgeBases, src.kb);
    await w.post(b.token, '/api/ai/knowledge/save', { id: kb, name: '乙校迎新', info: '' });
    const copyDoc = (await w.get(b.token, '/api/ai/knowledge/trainlists', { repository_id: kb })).data.data[0];
    const chunk = (await w.get(b.token, '/api/ai/knowledge/chunks', { document_id: copyDoc.id })).data.data[0];
    if (chunk) await w.post(b.token, '/api/ai/knowledge/edittrain', { id: chunk.id, content: '乙校改写的内容' });
    expect((await w.get(creator.token, '/api/ai/knowledge/detail', { id: src.kb })).data.name).toBe('新生指南');
    const srcHits = await w.get(creator.token, '/api/ai/knowledge/hitTest', { repository_id: src.kb, query: '新生报到' });
    expect(JSON.stringify(srcHits.data)).toContain(ANSWER);

    await w.post(creator.token, '/api/ai/intent/save', { id: src.intent, category_id: src.intentLib, name: '宿舍调整' });
    const lib = copyOf(copies.intentLibraries, src.intentLib);
    const names = (await w.get(b.token, '/api/ai/intent/lists', { category_id: lib })).data.data.map((i: { name: string }) => i.name);
    expect(names).toContain('宿舍分配');

    const plan = copyOf(copies.coursePlans, src.plan);
    const [, lesson] = (await w.get(b.token, '/api/ai/coursePlan/detail', { plan_id: plan })).data.nodes;
    await w.post(b.token, '/api/ai/courseNode/save', { id: lesson.id, plan_id: plan, title: '认识食堂', content: '' });
    const srcNodes = (await w.get(creator.token, '/api/ai/coursePlan/detail', { plan_id: src.plan })).data.nodes;
    expect(srcNodes.map((n: { title: string }) => n.title)).toEqual(['第一章 校园', '认识图书馆']);

    const robot = copyOf(copies.robots, src.robot);
    await w.post(b.token, '/api/ai/Robot/unbindContent', { robot_id: robot, type: 'repository', id: kb });
    const srcBound = await w.get(creator.token, '/api/ai/Robot/bindedContent', { robot_id: src.robot });
    expect(srcBound.data.map((c: { content_id: number }) => c.content_id)).toContain(src.kb);
  });

  it('takes nothing private along: members, teams, conversations, API keys stay with the source', async () => {
    const robot = copyOf(copies.robots, src.robot);
    const { db } = t.deps;
    const members = await db.select().from(robotMembers).where(eq(robotMembers.robotId, robot));
    expect(members.map((m) => [m.userId, m.role])).toEqual([[b.uid, 'creator']]);
    expect((await db.select({ n: count() }).from(teams).where(eq(teams.robotId, robot)))[0]!.n).toBe(0);
    expect((await db.select({ n: count() }).from(robotApiKeys).where(eq(robotApiKeys.robotId, robot)))[0]!.n).toBe(0);
    const sessions = await db.select().from(chatSessions).where(eq(chatSessions.robotId, robot));
    expect(sessions.every((s) => s.userId === b.uid)).toBe(true);
    const [row] = await db.select().from(robots).where(eq(robots.id, robot));
    expect(row).toMatchObject({ groupId: b.groupId, creatorId: b.uid, isPublic: 0, isTemplate: false, sourceRobotId: src.robot, copyNum: 0, viewNum: 0 });
    // The source's team is still only in org A.
    expect((await db.select({ n: count() }).from(teams).where(eq(teams.robotId, src.robot)))[0]!.n).toBe(1);
  });

  it('another organisation\'s ids are 404 and nothing is copied', async () => {
    const theirs = (await w.post(b.token, '/api/ai/knowledge/save', { name: '乙校私有' })).data.id as number;
    const before = (await w.get(creator.token, '/api/ai/knowledge/lists', { limit: 100 })).data.total;
    await expect(installBundle({ db: t.deps.db }, { sourceGroupId: groupA, robots: [src.robot], knowledgeBases: [theirs] }, { groupId: groupA, uid: creator.uid }))
      .rejects.toMatchObject({ status: 404 });
    await expect(installBundle({ db: t.deps.db }, { sourceGroupId: groupA, coursePlans: [copyOf(copies.coursePlans, src.plan)] }, { groupId: groupA, uid: creator.uid }))
      .rejects.toMatchObject({ status: 404 });
    expect((await w.get(creator.token, '/api/ai/knowledge/lists', { limit: 100 })).data.total).toBe(before);
  });

  it('a copied knowledge base answers from its copied chunks through the search index as the original does; later changes to the original never show in the copy', async () => {
    const kb = (await w.post(creator.token, '/api/ai/knowledge/save', { name: '校园服务' })).data.id as number;
    const qa = [
      { question: '图书馆几点开门？', answer: '图书馆每天早上八点开门，晚上十点闭馆。' },
      { question: '校车从哪里出发？', answer: '校车每天早上七点从南门出发，开往东校区。' },
      { question: '食堂在哪里？', answer: '第一食堂在北区宿舍旁边，早上六点半开门。' },
    ];
    expect((await w.post(creator.token, '/api/ai/knowledge/training', { type: 'qa', repository_id: kb, qa })).code).toBe(20000);
    await settled(creator.token, kb);
    const [copy] = (await installBundle({ db: t.deps.db }, { sourceGroupId: groupA, knowledgeBases: [kb] }, { groupId: b.groupId, uid: b.uid })).knowledgeBases;
    const copyKb = copy!.copy;

    // The chunks travel with their stored index words (what the in-process index loads), word for word.
    const words = async (id: number) => (await t.deps.db.select({ seq: knowledgeChunks.seq, terms: knowledgeChunks.indexTerms })
      .from(knowledgeChunks).where(eq(knowledgeChunks.kbId, id)).orderBy(knowledgeChunks.seq)).map((r) => [r.seq, r.terms]);
    const original = await words(kb);
    expect(original.length).toBe(3);
    expect(original.every(([, terms]) => String(terms).length > 0)).toBe(true);
    expect(await words(copyKb)).toEqual(original);

    // Both answer from their in-process index (loaded whole, not the SQL fallback), with the same ranking.
    await warmIndexes(t.deps.db, [kb, copyKb]);
    expect(isIndexed(t.deps.db, copyKb)).toBe(true);
    const hits = async (token: string, id: number, query: string) => {
      const r = await w.get(token, '/api/ai/knowledge/hitTest', { repository_id: id, query });
      expect(r.code, r.msg).toBe(20000);
      return (r.data as { content: string; repository_id: number; score: number }[]).map((h) => ({ content: h.content, kb: h.repository_id, score: h.score }));
    };
    for (const query of ['校车从哪个门出发', '图书馆开门时间', '食堂几点开门']) {
      const mine = await hits(creator.token, kb, query);
      const theirs = await hits(b.token, copyKb, query);
      expect(theirs.length).toBeGreaterThan(0);
      expect(theirs.every((h) => h.kb === copyKb)).toBe(true);
      expect(theirs.map((h) => [h.content, h.score])).toEqual(mine.map((h) => [h.content, h.score]));
    }

    // The original changes: a chunk edited by hand, a new document, another deleted. The copy keeps what it was given.
    const [srcDoc] = (await w.get(creator.token, '/api/ai/knowledge/trainlists', { repository_id: kb })).data.data as { id: number }[];
    const chunks = (await w.get(creator.token, '/api/ai/knowledge/chunks', { document_id: srcDoc!.id })).data.data as { id: number; content: string }[];
    const bus = chunks.find((c) => c.content.includes('南门'))!;
    expect((await w.post(creator.token, '/api/ai/knowledge/edittrain', { id: bus.id, content: '校车改为每天早上八点从北门出发。' })).code).toBe(20000);
    await w.post(creator.token, '/api/ai/knowledge/training', { type: 'qa', repository_id: kb, qa: [{ question: '校车周末开吗？', answer: '校车周末从西门出发，每两小时一班。' }] });
    await settled(creator.token, kb);
    expect((await hits(creator.token, kb, '校车从哪个门出发')).map((h) => h.content).join()).toContain('北门');

    const copied = (await hits(b.token, copyKb, '校车从哪个门出发')).map((h) => h.content).join();
    expect(copied).toContain('南门');
    expect(copied).not.toContain('北门');
    expect(copied).not.toContain('西门');
    expect((await w.post(creator.token, '/api/ai/knowledge/deltrain', { ids: [srcDoc!.id] })).code).toBe(20000);
    expect((await hits(b.token, copyKb, '图书馆开门时间')).map((h) => h.content).join()).toContain('八点开门');
    // The original's changes bumped only the original's index version.
    const [copyRow] = await t.deps.db.select({ v: knowledgeBases.indexVersion }).from(knowledgeBases).where(eq(knowledgeBases.id, copyKb));
    expect(copyRow!.v).toBe(0);
  });
});
