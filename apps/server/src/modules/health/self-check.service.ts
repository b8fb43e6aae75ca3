import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Deps } from '../../types.ts';
import { listProviders, testProvider } from '../ai-models/providers.service.ts';

interface Check { key: string; label: string; ok: boolean; detail: string; ms: number }

/** Runs one probe, timing it; a failure is a line on the page, never an error of the call. */
async function probe(key: string, label: string, run: () => Promise<string>): Promise<Check> {
  const started = Date.now();
  try {
    return { key, label, ok: true, detail: await run(), ms: Date.now() - started };
  } catch (err) {
    return { key, label, ok: false, detail: (err as Error).message.slice(0, 300), ms: Date.now() - started };
  }
}

async function appVersion(): Promise<string> {
  for (const file of ['apps/web/dist/version.json', '../web/dist/version.json']) {
    try {
      const v = JSON.parse(await readFile(path.resolve(file), 'utf8')) as { version?: string };
      if (v.version) return v.version;
    } catch { /* not built here: try the next place */ }
  }
  return process.env.npm_package_version ?? '0.1.0';
}

/**
 * The operator's self-check (/test): each part of the service that a request depends on, reached
 * the way requests reach it — the database, the job queue, file storage, the model providers
 * (their model list through the guarded client), web search — and the running version.
 */
export async function selfCheck(deps: Deps, queue: PgBoss) {
  const checks = await Promise.all([
    probe('database', '数据库', async () => {
      await deps.db.execute(sql`select 1`);
      return deps.dbKind === 'pglite' ? '内置数据库（PGlite）连接正常' : 'PostgreSQL 连接正常';
    }),
    probe('queue', '任务队列', async () => {
      const queues = await queue.getQueues();
      return `pg-boss 运行中，${queues.length} 个队列`;
    }),
    probe('storage', '文件存储', async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'selfcheck-'));
      const key = `selfcheck/${new Date().toISOString().slice(0, 7).replace('-', '')}/${Date.now()}.txt`;
      try {
        writeFileSync(path.join(dir, 'f'), 'ok');
        await deps.storage.putFile(key, path.join(dir, 'f'), 'text/plain');
        const got = await deps.storage.get(key);
        if (!got) throw new Error('写入后读不到文件');
        got.body.destroy();
        await deps.storage.delete(key);
        return `${deps.storage.kind === 's3' ? '对象存储' : '本地磁盘'}读写正常`;
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }),
    probe('model', '模型服务', async () => {
      const providers = (await listProviders(deps)).filter((p) => p.enabled);
      if (providers.length === 0) throw new Error('未配置模型服务商');
      const results = await Promise.all(providers.map(async (p) => ({ p, r: await testProvider(deps, p.id) })));
      const bad = results.filter((x) => !x.r.ok);
      if (bad.length > 0) throw new Error(bad.map((x) => `${x.p.name}：${x.r.msg}`).join('；'));
      return results.map((x) => `${x.p.name}：${x.r.msg}`).join('；');
    }),
    probe('search', '联网搜索', async () => {
      const { WEB_SEARCH_URL, BING_SEARCH_KEY, BOCHA_API_KEY } = deps.config;
      if (WEB_SEARCH_URL) {
        const res = await deps.egress.search(WEB_SEARCH_URL, { signal: AbortSignal.timeout(5000) });
        await res.body?.cancel();
        if (!res.ok && res.status >= 500) throw new Error(`搜索服务返回 ${res.status}`);
        return `搜索服务可达（${res.status}）`;
      }
      if (BING_SEARCH_KEY || BOCHA_API_KEY) return `已配置 ${BING_SEARCH_KEY ? 'Bing' : '博查'} 搜索密钥`;
      throw new Error('未配置联网搜索（WEB_SEARCH_URL、BING_SEARCH_KEY 或 BOCHA_API_KEY）');
    }),
  ]);
  return { version: await appVersion(), node: process.version, uptime: Math.round(process.uptime()), checks };
}
