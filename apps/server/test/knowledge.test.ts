/** 知识库: bases, documents trained by the queue, chunks, hit test, robot bindings and chat citations. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { createTestApp, listen, type TestApp } from './harness.ts';
import { World, type Person } from './robot-fixtures.ts';
import { uploadFile } from './uploads.ts';
import { streamChat } from './sse-client.ts';
import { knowledgeBases, knowledgeDocuments, knowledgeTerms } from '../src/db/schema/knowledge.ts';
import { trainDocument, trainDocuments } from '../src/modules/knowledge/training.job.ts';
import { analyzeIfGrown, replaceDocumentsChunks } from '../src/modules/knowledge/chunks.repo.ts';

let t: TestApp;
let w: World;
let creator: Person;
let student: Person;
let base: string;
let site: http.Server;
let siteUrl: string;

const MANUAL = [
  '# 图书馆使用指南',
  '',
  '## 开放时间',
  '',
  '图书馆周一至周五早上八点开放，晚上十点闭馆。周末开放时间为早上九点到下午五点。',
  '',
  '## 借阅规则',
  '',
  '每位学生最多可以同时借阅十本图书，借期为三十天，可以续借一次。逾期归还每天罚款一角。',
  '',
  '## 自习室预约',
  '',
  '自习室需要提前一天在校园网预约，每次预约最长四小时，迟到十五分钟自动取消。',
].join('\n');

beforeAll(async () => {
  // A small site on loopback stands in for the web; only its origin is allowed past the egress guard (an operator's intranet site).
  site = http.createServer((req, res) => {
    if (req.url === '/page') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<html><head><title>食堂就餐须知</title></head><body><h1>食堂</h1><p>第一食堂早餐供应时间为六点半到八点半，午餐十一点开始。</p><script>var secret = "不应被索引";</script></body></html>');
    } else if (req.url === '/binary') {
      res.writeHead(200, { 'content-type': 'application/zip' });
      res.end(Buffer.from('PK\u0003\u0004not really'));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  t = await createTestApp({ EGRESS_WEB_ORIGINS: siteUrl });
  base = await listen(t);
  w = await new World(t).init();
  creator = await w.personA(Role.CREATOR);
  student = await w.personA();
});
afterAll(async () => {
  await t?.close();
  site?.close();
});

const newBase = async (who: string, name = '校园指南') => {
  const res = await w.post(who, '/api/ai/knowledge/save', { name, info: '学校常见问题' });
  expect(res.code, res.msg).toBe(20000);
  return res.data.id as number;
};
const train = (who: string, body: Record<string, unknown>) => w.post(who, '/api/ai/knowledge/training', body);
const docs = (who: string, kbId: number) => w.get(who, '/api/ai/knowledge/trainlists', { repository_id: kbId, limit: 50 });

/** Polls the training progress until nothing is queued or training (the real queue runs the jobs). */
async function settled(who: string, kbId: number, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const tasks = await w.get(who, '/api/ai/knowledge/trainingtasks', { repository_id: kbId });
    expect(tasks.code).toBe(20000);
    if (tasks.data.queued + tasks.data.training === 0) return (await docs(who, kbId)).data.data as { id: number; status: string; error: string; name: string; chunk_count: number; type: string }[];
    if (Date.now() > until) throw new Error(`training did not finish: ${JSON.stringify(tasks.data)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function uploadTo(kbId: number, name: string, data: Buffer | string) {
  const up = await uploadFile(t.app, creator.token, 'knowledge', name, Buffer.from(data));
  expect(up.code, up.msg).toBe(20000);
  return train(creator.token, { type: 'file', repository_id: kbId, file_ids: [up.data.id] });
}

const groupOf = async (kbId: number) => (await t.deps.db.select().from(knowledgeBases).where(eq(knowledgeBases.id, kbId)))[0]!.groupId;

/** A typed Q&A document in a new base, queued under `jobId` as knowledge/training writes it, for calling the trainer directly. */
async function queuedQaDocument(baseName: string, jobId: string, pair: { question: string; answer: string }) {
  const kbId = await newBase(creator.token, baseName);
  const [doc] = await t.deps.db.insert(knowledgeDocuments).values({
    kbId, groupId: await groupOf(kbId), creatorId: creator.uid, type: 'qa', name: '问答', status: 'queued', jobId, qa: [pair],
  }).returning();
  return doc!;
}

const hitTest = (kbId: number, query: string) => w.get(creator.token, '/api/ai/knowledge/hitTest', { repository_id: kbId, query });

describe('knowledge bases', () => {
  it('creates, lists, renames and deletes, with the name rules', async () => {
    expect((await w.post(creator.token, '/api/ai/knowledge/save', { name: '  ' })).msg).toBe(MSG.kbNameRequired);
    expect((await w.post(creator.token, '/api/ai/knowledge/save', { name: '长'.repeat(31) })).msg).toBe(MSG.kbNameTooLong);
    const id = await newBase(creator.token, '物理题库');
    const list = await w.get(creator.token, '/api/ai/knowledge/lists', { keyword: '物理' });
    expect(list.data.data).toEqual([expect.objectContaining({ id, name: '物理题库', doc_count: 0, chunk_count: 0, creator: expect.objectContaining({ id: creator.uid }) })]);
    const renamed = await w.post(creator.token, '/api/ai/knowledge/save', { id, name: '物理知识', info: '' });
    expect([renamed.code, renamed.msg, renamed.data.name]).toEqual([20000, MSG.updated, '物理知识']);
    expect((await w.post(creator.token, '/api/ai/knowledge/delete', { id })).msg).toBe(MSG.deleted);
    expect((await w.get(creator.token, '/api/ai/knowledge/detail', { id })).msg).toBe(MSG.kbNotFound);
  });

  it('is refused to students and invisible to another organisation', async () => {
    const id = await newBase(creator.token);
    const asStudent = await w.get(student.token, '/api/ai/knowledge/lists');
    expect([asStudent.status, asStudent.msg]).toEqual([403, MSG.noOperationPermission]);
    const b = await w.orgB();
    const foreign = await w.get(b.token, '/api/ai/knowledge/detail', { id });
    expect([foreign.status, foreign.data]).toEqual([404, null]);
    expect((await w.get(b.token, '/api/ai/knowledge/lists')).data.data.map((k: { id: number }) => k.id)).not.toContain(id);
    expect((await train(b.token, { type: 'qa', repository_id: id, qa: [{ question: '问', answer: '答' }] })).status).toBe(404);
    expect((await w.get(b.token, '/api/ai/knowledge/hitTest', { repository_id: id, query: '图书馆' })).status).toBe(404);
  });
});

describe('the super admin\'s back office', () => {
  it('lists every organisation\'s bases and documents with their owners, and deletes any', async () => {
    const mine = await newBase(creator.token, '甲校资料');
    const b = await w.orgB();
    const theirs = (await w.post(b.token, '/api/ai/knowledge/save', { name: '乙校资料' })).data.id as number;
    await train(b.token, { type: 'qa', repository_id: theirs, qa: [{ question: '乙校问题', answer: '乙校答案' }] });
    await settled(b.token, theirs);

    expect((await w.get(creator.token, '/api/ai/admin.knowledge/lists')).status).toBe(403);
    const all = await w.get(w.admin, '/api/ai/admin.knowledge/lists', { keyword: '校资料', limit: 50 });
    const byId = new Map(all.data.data.map((k: { id: number }) => [k.id, k]));
    expect(byId.get(mine)).toMatchObject({ name: '甲校资料', group: { name: '示例学校' } });
    expect(byId.get(theirs)).toMatchObject({ name: '乙校资料', doc_count: 1, group: { id: b.groupId } });

    const docs = await w.get(w.admin, '/api/ai/admin.knowledge/documents', { keyword: '问答对', status: 'ready', limit: 50 });
    const doc = docs.data.data.find((d: { repository_id: number }) => d.repository_id === theirs);
    expect(doc).toMatchObject({ repository_name: '乙校资料', group: { id: b.groupId }, status: 'ready' });
    expect((await w.post(w.admin, '/api/ai/admin.knowledge/deltrain', { ids: [doc.id] })).msg).toBe(MSG.deleted);
    expect((await w.get(b.token, '/api/ai/knowledge/detail', { id: theirs })).data.doc_count).toBe(0);

    expect((await w.post(w.admin, '/api/ai/admin.knowledge/delete', { id: theirs })).msg).toBe(MSG.deleted);
    expect((await w.get(b.token, '/api/ai/knowledge/detail', { id: theirs })).status).toBe(404);
    expect((await w.post(w.admin, '/api/ai/admin.knowledge/delete', { id: theirs })).status).toBe(404);
  });
});

describe('training', () => {
  it('trains a markdown file to ready, with heading-aware chunks, and finds the right chunk', async () => {
    const kbId = await newBase(creator.token);
    const queued = await uploadTo(kbId, '图书馆指南.md', MANUAL);
    expect([queued.code, queued.msg]).toEqual([20000, MSG.kbTrainQueued]);
    expect(queued.data[0]).toMatchObject({ status: 'queued', type: 'file', name: '图书馆指南.md' });
    const [doc] = await settled(creator.token, kbId);
    expect(doc).toMatchObject({ status: 'ready', error: '' });
    expect(doc!.chunk_count).toBeGreaterThan(0);

    const chunks = await w.get(creator.token, '/api/ai/knowledge/chunks', { document_id: doc!.id });
    expect(chunks.data.total).toBe(doc!.chunk_count);
    expect(chunks.data.data.map((c: { heading: string }) => c.heading).join('|')).toContain('借阅规则');

    const hits = await hitTest(kbId, '一次能借几本书？');
    expect(hits.code).toBe(20000);
    expect(hits.data[0].content).toContain('最多可以同时借阅十本图书');
    expect(hits.data[0]).toMatchObject({ document_id: doc!.id, document_name: '图书馆指南.md' });
    expect(hits.data[0].score).toBeGreaterThan(0);
    const booking = await hitTest(kbId, '自习室怎么预约');
    expect(booking.data[0].content).toContain('提前一天在校园网预约');

    const detail = await w.get(creator.token, '/api/ai/knowledge/detail', { id: kbId });
    expect(detail.data).toMatchObject({ doc_count: 1, chunk_count: doc!.chunk_count, training_count: 0 });
  });

  it('imports typed question-answer pairs and finds them by the question', async () => {
    const kbId = await newBase(creator.token);
    expect((await train(creator.token, { type: 'qa', repository_id: kbId, qa: [] })).msg).toBe(MSG.kbQaRequired);
    expect((await train(creator.token, { type: 'qa', repository_id: kbId, qa: [{ question: '只有问题', answer: ' ' }] })).msg).toBe(MSG.kbQaIncomplete);
    const res = await train(creator.token, {
      type: 'qa', repository_id: kbId,
      qa: [{ question: '校医院在哪里？', answer: '校医院在北门东侧，二十四小时有人值班。' }, { question: '怎么补办校园卡？', answer: '带上身份证到行政楼一楼服务大厅补办。' }],
    });
    expect(res.data[0]).toMatchObject({ type: 'qa', name: '问答对（2组）' });
    const [doc] = await settled(creator.token, kbId);
    expect(doc).toMatchObject({ status: 'ready', chunk_count: 2 });
    const hits = await hitTest(kbId, '校园卡丢了怎么办，补办');
    expect(hits.data[0]).toMatchObject({ question: '怎么补办校园卡？', content: '带上身份证到行政楼一楼服务大厅补办。' });
  });

  it('imports a web page through the egress guard, named by its title, without its scripts', async () => {
    const kbId = await newBase(creator.token);
    const preview = await w.post(creator.token, '/api/ai/knowledge/parseWebUrl', { url: `${siteUrl}/page` });
    expect(preview.data.title).toBe('食堂就餐须知');
    expect(preview.data.text).toContain('早餐供应时间');
    expect(preview.data.text).not.toContain('不应被索引');
    expect((await w.post(creator.token, '/api/ai/knowledge/parseWebUrl', { url: 'ftp://example.com/x' })).msg).toBe(MSG.kbUrlInvalid);

    await train(creator.token, { type: 'url', repository_id: kbId, url: `${siteUrl}/page` });
    await train(creator.token, { type: 'url', repository_id: kbId, url: `${siteUrl}/missing` });
    await train(creator.token, { type: 'url', repository_id: kbId, url: `${siteUrl}/binary` });
    const list = await settled(creator.token, kbId);
    const byName = Object.fromEntries(list.map((d) => [d.name, d]));
    expect(byName['食堂就餐须知']).toMatchObject({ status: 'ready', type: 'url' });
    expect(byName[`${siteUrl}/missing`]).toMatchObject({ status: 'failed', error: MSG.kbUrlFetchFailed });
    expect(byName[`${siteUrl}/binary`]).toMatchObject({ status: 'failed', error: MSG.kbUnsupportedUrlContent });
    expect((await hitTest(kbId, '食堂早餐几点')).data[0].document_name).toBe('食堂就餐须知');
  });

  it('refuses private addresses that are not allow-listed', async () => {
    const res = await w.post(creator.token, '/api/ai/knowledge/parseWebUrl', { url: 'http://10.0.0.1/intranet' });
    expect(res.status).toBe(400);
    expect(res.msg).toMatch(/不允许/);
  });

  it('fails a bad file with the reason, retries only failed documents, once', async () => {
    const kbId = await newBase(creator.token);
    await uploadTo(kbId, '空白.txt', '   \n\n  ');
    const [doc] = await settled(creator.token, kbId);
    expect(doc!.status).toBe('failed');
    expect(doc!.error).toBeTruthy();
    const [a, b] = await Promise.all([
      w.post(creator.token, '/api/ai/knowledge/retrytrain', { id: doc!.id }),
      w.post(creator.token, '/api/ai/knowledge/retrytrain', { id: doc!.id }),
    ]);
    expect([a.msg, b.msg].sort()).toEqual([MSG.kbOnlyFailedRetry, MSG.kbRetryQueued].sort());
    const [again] = await settled(creator.token, kbId);
    expect(again).toMatchObject({ status: 'failed' });
    // A Q&A document is retried by retryqatrain, a file by retrytrain.
    expect((await w.post(creator.token, '/api/ai/knowledge/retryqatrain', { id: doc!.id })).status).toBe(404);
  });

  it('training a document again replaces its chunks and keeps the statistics exact', async () => {
    const kbId = await newBase(creator.token);
    await uploadTo(kbId, '指南.md', MANUAL);
    const [doc] = await settled(creator.token, kbId);
    const stats = async () => {
      const [kb] = await t.deps.db.select().from(knowledgeBases).where(eq(knowledgeBases.id, kbId));
      const terms = await t.deps.db.select().from(knowledgeTerms).where(eq(knowledgeTerms.kbId, kbId));
      return { chunks: kb!.chunkCount, total: kb!.termTotal, terms: terms.map((r) => `${r.term}:${r.df}`).sort() };
    };
    const before = await stats();
    // The same job delivered twice (a worker that resumed), one after the other and at once.
    await trainDocument(t.deps, t.app.log, { data: { documentId: doc!.id }, retryCount: 0, retryLimit: 3 });
    await Promise.all([1, 2].map(() => trainDocument(t.deps, t.app.log, { data: { documentId: doc!.id }, retryCount: 0, retryLimit: 3 })));
    expect(await stats()).toEqual(before);
    expect((await w.get(creator.token, '/api/ai/knowledge/chunks', { document_id: doc!.id })).data.total).toBe(before.chunks);
  });

  it('sixty files queued in four calls train together: each once, findable, with the statistics of a recount; a bad one fails alone', async () => {
    const kbId = await newBase(creator.token, '班级通知');
    const ids: number[] = [];
    for (let i = 0; i < 60; i++) {
      const body = i === 17 ? Buffer.from([0, 1, 2, 3, 0, 0, 7, 8]) : `# 第${i}号通知\n\n第${i}号通知：编号${1000 + i}的教室周${(i % 5) + 1}开放。`;
      const up = await uploadFile(t.app, creator.token, 'knowledge', `通知${i}.txt`, Buffer.from(body));
      ids.push(up.data.id);
    }
    // The same file name twice in one call is one document, trained from the later file.
    const again = await uploadFile(t.app, creator.token, 'knowledge', '通知3.txt', Buffer.from('# 第3号通知\n\n第3号通知改为：编号1003的教室停用。'));
    const order = [...ids.slice(0, 19), again.data.id, ...ids.slice(19)];
    for (let i = 0; i < order.length; i += 20) {
      const queued = await train(creator.token, { type: 'file', repository_id: kbId, file_ids: order.slice(i, i + 20) });
      expect(queued.code, queued.msg).toBe(20000);
    }
    const list = (await w.get(creator.token, '/api/ai/knowledge/trainlists', { repository_id: kbId, limit: 100 })).data;
    expect(list.total).toBe(60);
    await settled(creator.token, kbId, 60_000);
    const all = (await w.get(creator.token, '/api/ai/knowledge/trainlists', { repository_id: kbId, limit: 100 })).data.data as { name: string; status: string; error: string; chunk_count: number }[];
    expect(all.filter((d) => d.status === 'ready')).toHaveLength(59);
    expect(all.find((d) => d.name === '通知17.txt')).toMatchObject({ status: 'failed', error: MSG.fileContentMismatch });
    expect((await hitTest(kbId, '编号1042的教室')).data[0].content).toContain('编号1042');
    expect((await hitTest(kbId, '编号1003的教室')).data[0].content).toContain('停用');
    // The base's statistics equal what its chunks recount to.
    const [kb] = await t.deps.db.select().from(knowledgeBases).where(eq(knowledgeBases.id, kbId));
    const recount = (await t.deps.executeSql(`select count(*)::int as n, coalesce(sum(term_count), 0)::int as total from knowledge_chunks where kb_id = $1`, [kbId])).rows[0] as { n: number; total: number };
    expect([kb!.chunkCount, Number(kb!.termTotal)]).toEqual([recount.n, recount.total]);
    expect(recount.n).toBe(all.reduce((n, d) => n + d.chunk_count, 0));
    const dfs = (await t.deps.executeSql(`select u.lexeme as term, count(*)::int as df from knowledge_chunks c, unnest(c.tsv) u where c.kb_id = $1 group by 1 order by 1`, [kbId])).rows;
    const terms = await t.deps.db.select().from(knowledgeTerms).where(eq(knowledgeTerms.kbId, kbId));
    expect(terms.map((r) => ({ term: r.term, df: r.df })).sort((a, b) => (a.term < b.term ? -1 : 1))).toEqual(dfs);
  });

  it('a training overtaken by a newer import of the same document writes nothing and leaves the document to the newer job', async () => {
    const doc = await queuedQaDocument('改版资料', 'job-new', { question: '图书馆几点关门？', answer: '图书馆晚上十点关门。' });
    const run = (id: string) => ({ id, data: { documentId: doc!.id }, retryCount: 0, retryLimit: 3 });
    expect(await trainDocuments(t.deps, t.app.log, [run('job-old')])).toEqual([]);
    const after = async () => (await t.deps.db.select().from(knowledgeDocuments).where(eq(knowledgeDocuments.id, doc!.id)))[0]!;
    expect(await after()).toMatchObject({ status: 'queued', chunkCount: 0, attempts: 0 });
    expect((await w.get(creator.token, '/api/ai/knowledge/chunks', { document_id: doc!.id })).data.total).toBe(0);
    expect(await trainDocuments(t.deps, t.app.log, [run('job-new')])).toEqual([]);
    expect(await after()).toMatchObject({ status: 'ready', chunkCount: 1, attempts: 1 });
  });

  it('of two jobs of one document in a batch, the one the document names trains it, in whatever order they come', async () => {
    const doc = await queuedQaDocument('重复导入', 'job-b', { question: '校车几点发车？', answer: '校车早上七点发车。' });
    const run = (id: string) => ({ id, data: { documentId: doc!.id }, retryCount: 0, retryLimit: 3 });
    expect(await trainDocuments(t.deps, t.app.log, [run('job-b'), run('job-a')])).toEqual([]);
    expect((await t.deps.db.select().from(knowledgeDocuments).where(eq(knowledgeDocuments.id, doc!.id)))[0]).toMatchObject({ status: 'ready', chunkCount: 1 });
  });

  it('text a parser cut mid-character (a lone surrogate) or with NUL is indexed cleaned beside the rest of its batch', async () => {
    const kbId = await newBase(creator.token, '乱码资料');
    const groupId = await groupOf(kbId);
    const docs = await t.deps.db.insert(knowledgeDocuments).values([0, 1].map((i) => ({
      kbId, groupId, creatorId: creator.uid, type: 'file' as const, name: `扫描件${i}.pdf`, status: 'ready' as const, chunkCount: 1,
    }))).returning();
    // What pdf.js or a spreadsheet may hand over: JSON and PostgreSQL's text refuse both characters.
    const written = await replaceDocumentsChunks(t.deps.db, kbId, [
      { doc: docs[0]!, chunks: [{ heading: '宿舍', question: '', content: '宿舍晚上十一点\u0000熄灯，周末\ud800不熄灯。' }] },
      { doc: docs[1]!, chunks: [{ heading: '食堂', question: '', content: '食堂早上六点半开门。' }] },
    ]);
    expect(written).toEqual([docs[0]!.id, docs[1]!.id]);
    const [chunk] = (await w.get(creator.token, '/api/ai/knowledge/chunks', { document_id: docs[0]!.id })).data.data;
    expect(chunk.content).toBe('宿舍晚上十一点熄灯，周末\ufffd不熄灯。');
  });

  it('the embedded database analyses the knowledge tables once 2 000 chunks have been trained since the last time', async () => {
    const lastAnalyze = async () => (await t.deps.executeSql(`select last_analyze from pg_stat_user_tables where relname = 'knowledge_chunks'`, [])).rows[0]?.last_analyze ?? null;
    await analyzeIfGrown(t.deps.db, 2_000); // whatever earlier tests trained, the count starts again here
    const before = await lastAnalyze();
    expect(before).not.toBeNull();
    await analyzeIfGrown(t.deps.db, 1_999);
    expect(await lastAnalyze()).toEqual(before);
    await analyzeIfGrown(t.deps.db, 1);
    expect(await lastAnalyze()).not.toEqual(before);
  });

  it('a file uploaded again under the same name replaces its document and chunks, never adds a copy', async () => {
    const kbId = await newBase(creator.token);
    const first = await uploadTo(kbId, '校规.md', '# 校规\n\n晚上十点熄灯。');
    await settled(creator.token, kbId);
    const again = await uploadTo(kbId, '校规.md', '# 校规\n\n晚上十一点熄灯，周末不熄灯。');
    expect(again.data[0].id).toBe(first.data[0].id);
    const list = await settled(creator.token, kbId);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ status: 'ready', chunk_count: 1 });
    expect((await hitTest(kbId, '熄灯')).data.map((h: { content: string }) => h.content)).toEqual([expect.stringContaining('十一点')]);
    const [kb] = await t.deps.db.select().from(knowledgeBases).where(eq(knowledgeBases.id, kbId));
    expect(kb!.chunkCount).toBe(1);
  });

  it('edits a chunk (re-indexed at once) and deletes documents with their chunks', async () => {
    const kbId = await newBase(creator.token);
    await uploadTo(kbId, '指南.md', MANUAL);
    const [doc] = await settled(creator.token, kbId);
    const first = (await w.get(creator.token, '/api/ai/knowledge/chunks', { document_id: doc!.id })).data.data[0];
    expect((await w.post(creator.token, '/api/ai/knowledge/edittrain', { id: first.id, content: ' ' })).msg).toBe(MSG.kbChunkRequired);
    const edited = await w.post(creator.token, '/api/ai/knowledge/edittrain', { id: first.id, content: '天文台每周三晚上对学生开放观星活动。' });
    expect(edited.data).toMatchObject({ edited: true, content: '天文台每周三晚上对学生开放观星活动。' });
    expect((await hitTest(kbId, '观星活动')).data[0].chunk_id).toBe(first.id);

    const b = await w.orgB();
    expect((await w.post(b.token, '/api/ai/knowledge/deltrain', { ids: [doc!.id] })).status).toBe(404);
    expect((await w.post(creator.token, '/api/ai/knowledge/deltrain', { ids: [doc!.id] })).msg).toBe(MSG.deleted);
    expect((await hitTest(kbId, '观星活动')).data).toEqual([]);
    const [kb] = await t.deps.db.select().from(knowledgeBases).where(eq(knowledgeBases.id, kbId));
    expect([kb!.chunkCount, kb!.termTotal]).toEqual([0, 0]);
    expect(await t.deps.db.select().from(knowledgeTerms).where(eq(knowledgeTerms.kbId, kbId))).toEqual([]);
  });

  it('refuses files of another organisation and types a knowledge base cannot read', async () => {
    const kbId = await newBase(creator.token);
    const b = await w.orgB();
    const theirs = await uploadFile(t.app, b.token, 'file', 'notes.txt', Buffer.from('乙校的文件'));
    expect((await train(creator.token, { type: 'file', repository_id: kbId, file_ids: [theirs.data.id] })).status).toBe(404);
    const exe = await uploadFile(t.app, creator.token, 'knowledge', 'tool.exe', Buffer.from('MZ....'));
    expect(exe.msg).toBe(MSG.kbFileType);
  });
});

describe('robot bindings and chat', () => {
  it('binds a knowledge base to a robot, and the built-in engine cites the document in chat', async () => {
    const kbId = await newBase(creator.token, '图书馆');
    await uploadTo(kbId, '图书馆指南.md', MANUAL);
    const [doc] = await settled(creator.token, kbId);
    const robot = await w.robot(creator.token, { name: '图书馆助手' });

    const b = await w.orgB();
    const foreignKb = (await w.post(b.token, '/api/ai/knowledge/save', { name: '乙校库' })).data.id;
    expect((await w.post(creator.token, '/api/ai/Robot/bindContent', { robot_id: robot.id, type: 'repository', ids: [foreignKb] })).status).toBe(404);
    expect((await w.post(b.token, '/api/ai/Robot/bindContent', { robot_id: robot.id, type: 'repository', ids: [foreignKb] })).status).toBe(404);

    const bound = await w.post(creator.token, '/api/ai/Robot/bindContent', { robot_id: robot.id, type: 'repository', ids: [kbId] });
    expect([bound.code, bound.msg]).toEqual([20000, MSG.bindingDone]);
    expect(bound.data).toEqual([expect.objectContaining({ type: 'repository', content_id: kbId, name: '图书馆', status: 1 })]);

    const session = await w.post(student.token, '/api/ai/ChatCategory/save', { r_id: robot.id });
    const ask = () => streamChat(base, student.token, { category_id: session.data.id, question: '图书馆周末几点开门？' });
    const answered = await ask();
    const finish = answered.events.find((e) => e.event === 'finish')!.data;
    expect(finish.sources[0]).toMatchObject({ document_id: doc!.id, title: expect.stringContaining('图书馆指南.md') });
    expect(answered.answer).toContain('周末开放时间为早上九点到下午五点');

    // Switched off, the robot no longer draws on it; unbound, neither.
    await w.post(creator.token, '/api/ai/Robot/setRobotContentStatus', { robot_id: robot.id, type: 'repository', id: kbId, status: 0 });
    expect((await ask()).events.find((e) => e.event === 'finish')!.data.sources.some((s: { document_id?: number }) => s.document_id)).toBe(false);
    await w.post(creator.token, '/api/ai/Robot/setRobotContentStatus', { robot_id: robot.id, type: 'repository', id: kbId, status: 1 });
    expect((await w.post(creator.token, '/api/ai/Robot/unbindContent', { robot_id: robot.id, type: 'repository', id: kbId })).msg).toBe(MSG.unbindingDone);
    expect((await w.get(creator.token, '/api/ai/Robot/bindedContent', { robot_id: robot.id })).data).toEqual([]);
    expect((await w.post(creator.token, '/api/ai/Robot/unbindContent', { robot_id: robot.id, type: 'repository', id: kbId })).msg).toBe(MSG.bindingNotFound);
  });

  it('a cited chunk comes with its document name and its whole passage, live and in the chat log (the source drawer)', async () => {
    const kbId = await newBase(creator.token, '古诗');
    // One paragraph of about 400 characters: one chunk, longer than the built-in engine's own snippets.
    const passage = `《静夜思》是唐代诗人李白所作的一首五言古诗。${'诗人在寂静的月夜思念家乡，抬头望月，低头思乡，语言清新朴素而韵味含蓄无穷。'.repeat(10)}全诗共二十个字。`;
    await uploadTo(kbId, 'tangshi.txt', passage);
    const [doc] = await settled(creator.token, kbId);
    expect(doc).toMatchObject({ status: 'ready', chunk_count: 1 });
    const robot = await w.robot(creator.token, { name: '古诗助手' });
    await w.post(creator.token, '/api/ai/Robot/bindContent', { robot_id: robot.id, type: 'repository', ids: [kbId] });

    const session = await w.post(student.token, '/api/ai/ChatCategory/save', { r_id: robot.id });
    const answered = await streamChat(base, student.token, { category_id: session.data.id, question: '静夜思是谁写的？' });
    const cited = { document_id: doc!.id, document_name: 'tangshi.txt', snippet: passage, chunk_id: expect.any(Number) };
    expect(answered.events.find((e) => e.event === 'finish')!.data.sources[0]).toMatchObject(cited);
    const log = await w.get(student.token, '/api/ai/chat_records/chatLog', { category_id: session.data.id });
    expect(log.data.records.data[0].sources[0]).toMatchObject(cited);
  });

  it('a question naming a bound intent gets its recommend content, live and in the stored record', async () => {
    const robot = await w.robot(creator.token, { name: '教务助手' });
    const category = await w.post(creator.token, '/api/ai/intentCategory/save', { name: '教务' });
    const intent = await w.post(creator.token, '/api/ai/intent/save', { category_id: category.data.id, name: '请假流程' });
    const part = await w.post(creator.token, '/api/ai/intentContent/save', {
      intent_id: intent.data.id, sort: 0, content_type: 'text', content: { content: '在教务系统提交请假申请，班主任审批。' },
    });
    expect(part.code, part.msg).toBe(20000);
    expect((await w.post(creator.token, '/api/ai/intent/bindCategory', { robot_id: robot.id, ids: [category.data.id] })).code).toBe(20000);

    const session = await w.post(student.token, '/api/ai/ChatCategory/save', { r_id: robot.id });
    const res = await streamChat(base, student.token, { category_id: session.data.id, question: '我想知道请假流程怎么走' });
    const finish = res.events.find((e) => e.event === 'finish')!.data;
    expect(finish.recommend_content).toEqual([expect.objectContaining({ content_type: 'text', content: expect.objectContaining({ content: '在教务系统提交请假申请，班主任审批。' }) })]);
    const recordId = res.events.find((e) => e.event === 'records')!.data.id;
    const record = await w.get(student.token, '/api/ai/ChatRecords/detail', { id: recordId, robot_id: robot.id });
    expect(JSON.parse(record.data.recommend_content)[0].content.content).toBe('在教务系统提交请假申请，班主任审批。');

    const other = await streamChat(base, student.token, { category_id: session.data.id, question: '今天食堂吃什么' });
    expect(other.events.find((e) => e.event === 'finish')!.data.recommend_content).toBeUndefined();
  });
});
