// The floor for the chat bench: a bare relay with the server's own libraries — Fastify in, the
// openai SDK streaming from the upstream, the same server-sent events out — and nothing else: no
// database, no token check, no stored question. Run as its own process by bench/lib/server.mjs.
import Fastify from 'fastify';
import OpenAI from 'openai';

const client = new OpenAI({ baseURL: process.env.UPSTREAM_URL, apiKey: 'none', maxRetries: 0 });
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'relay' }));
app.post('/relay', async (req, reply) => {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform' });
  raw.flushHeaders();
  try {
    const stream = await client.chat.completions.create({
      model: 'bench', stream: true, messages: [{ role: 'user', content: String(req.body?.question ?? '') }],
    });
    for await (const chunk of stream) {
      const content = chunk.choices[0]?.delta?.content;
      if (content) raw.write(`event: chat\ndata: ${JSON.stringify({ content })}\n\n`);
    }
    raw.write('event: close\ndata: {}\n\n');
  } finally {
    raw.end();
  }
});
await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 3998) });
for (const sig of ['SIGTERM', 'SIGINT']) {
  process.on(sig, () => app.close().then(() => process.exit(0)));
}
