// The optional query rewrite (apps/server/src/ai/query-rewrite.ts) in the retrieval bench: the
// server's own rewriteQuestion talks to a scripted OpenAI-compatible model on a loopback port,
// which answers each question with the fixed rewrite written for it in the evaluation set's
// rewrites.json (the question plus the terms the material likely uses). The figures show the
// plumbing and what such a rewrite can do to the ranking, not a real model's quality.
import http from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import OpenAI from 'openai';
import { rewriteQuestion } from '../../apps/server/src/ai/query-rewrite.ts';
import { DATA_ROOT } from './retrieval-data.mjs';

/** { question: rewrite } for one evaluation set; every key must be one of its questions. */
export function loadRewrites(set, questions) {
  const table = JSON.parse(readFileSync(path.join(DATA_ROOT, set, 'rewrites.json'), 'utf8'));
  const asked = new Set(questions.map((q) => q.q));
  const unknown = Object.keys(table).filter((q) => !asked.has(q));
  if (unknown.length) throw new Error(`rewrites.json of ${set} names questions not in questions.json:\n  ${unknown.join('\n  ')}`);
  return table;
}

/** A scripted chat model speaking OpenAI's /chat/completions (non-streamed): the table's rewrite of the latest question. */
export async function scriptedModel(table) {
  let calls = 0;
  const server = http.createServer(async (req, res) => {
    let body = '';
    for await (const c of req) body += c;
    const { messages = [] } = JSON.parse(body || '{}');
    const user = messages.filter((m) => m.role === 'user').at(-1)?.content ?? '';
    const question = /最新问题：([\s\S]*)$/u.exec(user)?.[1]?.trim() ?? '';
    calls++;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({
      id: 'bench', object: 'chat.completion', created: 0, model: 'scripted',
      choices: [{ index: 0, message: { role: 'assistant', content: table[question] ?? question }, finish_reason: 'stop' }],
    }));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  const model = {
    id: 0, model: 'scripted', label: 'scripted rewrite', capabilities: ['chat'], contextWindow: 8_192, tips: '',
    client: new OpenAI({ baseURL: `http://127.0.0.1:${port}/v1`, apiKey: 'bench' }),
  };
  return { model, calls: () => calls, close: () => new Promise((resolve) => server.close(resolve)) };
}

/**
 * Each question of the table searched as asked and as the server's rewriteQuestion restates it
 * through the scripted model; `search(text)` is the ranking under test (top 10 chunks).
 */
export async function measureRewrite(set, questions, search, score) {
  const table = loadRewrites(set, questions);
  const subset = questions.filter((q) => table[q.q]);
  const fake = await scriptedModel(table);
  try {
    const asked = subset.map((q) => search(q.q));
    const times = [];
    const rewritten = [];
    for (const q of subset) {
      const t0 = performance.now();
      const query = await rewriteQuestion(fake.model, [], q.q);
      times.push(performance.now() - t0);
      if (query !== table[q.q]) throw new Error(`rewriteQuestion returned ${JSON.stringify(query)} for ${JSON.stringify(q.q)}, not the scripted rewrite`);
      rewritten.push(search(query));
    }
    return {
      questions: subset.length, modelCalls: fake.calls(),
      meanRewriteMs: times.reduce((a, b) => a + b, 0) / Math.max(times.length, 1),
      asked: score(subset, asked), rewritten: score(subset, rewritten),
    };
  } finally {
    await fake.close();
  }
}
