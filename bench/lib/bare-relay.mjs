// The floor for the chat bench: a bare relay with the server's own libraries — Fastify in, the
// openai SDK calling the upstream and eventsource-parser reading its events (as ai/llm-stream.ts
// does), the same server-sent events out — and nothing else: no database, no token check, no
// stored question, no moderation. Run as its own process by bench/lib/server.mjs.
import Fastify from 'fastify';
import OpenAI from 'openai';
import { createParser } from 'eventsource-parser';

const client = new OpenAI({ baseURL: process.env.UPSTREAM_URL, apiKey: 'none', maxRetries: 0 });
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'relay' }));
app.post('/relay', async (req, reply) => {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform' });
  raw.flushHeaders();
  try {
    const res = await client.chat.completions.create({
      model: 'bench', stream: true, messages: [{ role: 'user', content: String(req.body?.question ?? '') }],
    }).asResponse();
    const parser = createParser({
      onEvent(e) {
        if (e.data.startsWith('[DONE]')) return;
        const content = JSON.parse(e.data).choices[0]?.delta?.content;
        if (content) raw.write(`event: chat\ndata: ${JSON.stringify({ content })}\n\n`);
      },
    });
    const decoder = new TextDecoder();
    for await (const bytes of res.body) parser.feed(decoder.decode(bytes, { stream: true }));
    raw.write('event: close\ndata: {}\n\n');
  } finally {
    raw.end();
  }
});
await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 3998) });
for (const sig of ['SIGTERM', 'SIGINT']) {
  process.on(sig, () => app.close().then(() => process.exit(0)));
}
