/** What the console says on start (issue 27): one readable line per fact, and readable log lines. */
import { describe, expect, it } from 'vitest';
import { startLines, type StartFacts } from '../src/start-lines.ts';
import { formatLogLine } from '../src/lib/log-format.ts';

const facts = (o: Partial<StartFacts> = {}): StartFacts => ({
  publicUrl: undefined, host: '0.0.0.0', port: 3000, database: { kind: 'pglite', dir: '/srv/xueban/data/db' },
  envModel: null, models: [], admin: { account: 'admin@xueban.local', generatedPassword: null }, demoRobot: null, ...o,
});

describe('start-up lines', () => {
  it('a fresh local start: the URL to open, the embedded database, no model, the admin account and its one-time password', () => {
    expect(startLines(facts({ admin: { account: 'admin@xueban.local', generatedPassword: 'pw-123' }, demoRobot: '学伴小助手' }))).toEqual([
      '学伴 AI is running: open http://localhost:3000',
      'database: embedded PGlite at /srv/xueban/data/db',
      'no model: built-in engine answers from each robot\'s knowledge (set LLM_BASE_URL, LLM_API_KEY and LLM_MODEL, or add one in 管理后台 → AI 模型)',
      'admin account: admin@xueban.local',
      'admin password (初始密码): pw-123 (shown only this once: log in and change it)',
      'demo content: robot 学伴小助手 in 示例学校, open to every new learner (DEMO_CONTENT=0 to skip)',
    ]);
  });

  it('PUBLIC_URL, PostgreSQL without its password, and the model LLM_* registered', () => {
    const lines = startLines(facts({
      publicUrl: 'https://ai.school.edu.cn/', database: { kind: 'postgres', url: 'postgres://app:s3cret@db.internal:5432/xueban' },
      envModel: { model: 'qwen-plus', baseUrl: 'https://dashscope.aliyuncs.com/compatible-mode/v1' },
      models: [{ label: 'qwen-plus', isDefault: true }],
    }));
    expect(lines.slice(0, 3)).toEqual([
      '学伴 AI is running: open https://ai.school.edu.cn',
      'database: PostgreSQL at db.internal:5432/xueban',
      'model: qwen-plus at https://dashscope.aliyuncs.com/compatible-mode/v1 (registered from LLM_*)',
    ]);
    expect(lines.join('\n')).not.toContain('s3cret');
    expect(lines.join('\n')).not.toContain('初始密码');
  });

  it('a model set up in the admin console, and a named listening host', () => {
    const lines = startLines(facts({ host: '10.0.0.8', port: 8080, models: [{ label: '备用', isDefault: false }, { label: 'DeepSeek', isDefault: true }] }));
    expect(lines[0]).toBe('学伴 AI is running: open http://10.0.0.8:8080');
    expect(lines[2]).toBe('model: DeepSeek (default of 2 set up in 管理后台 → AI 模型)');
  });
});

describe('LOG_FORMAT=text', () => {
  it('prints a pino entry as one line: time, level, message, fields', () => {
    const line = formatLogLine(JSON.stringify({ level: 40, time: Date.UTC(2026, 0, 1, 8, 3, 4), pid: 1, hostname: 'h', msg: 'knowledge training failed', document: 7 }));
    expect(line).toMatch(/^\d\d:\d\d:\d\d WARN knowledge training failed document=7$/);
  });

  it('shows a request by method, path, status and time, and leaves out Fastify\'s listen lines', () => {
    const line = formatLogLine(JSON.stringify({ level: 30, time: 0, reqId: 'r1', res: { statusCode: 200 }, req: { method: 'GET', url: '/api/health' }, responseTime: 3.4, msg: 'request completed' }));
    expect(line).toMatch(/INFO request completed GET \/api\/health 200 3ms$/);
    expect(formatLogLine(JSON.stringify({ level: 30, time: 0, msg: 'Server listening at http://127.0.0.1:3000' }))).toBeNull();
  });
});
