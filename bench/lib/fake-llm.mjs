// A stand-in OpenAI-compatible upstream for the chat bench, in its own process: streams
// TOKENS chunks INTERVAL_MS apart; each token's text is the wall-clock time it was sent
// (ms, sub-ms precision) so the client can measure the relay delay of every token.
// A last user message containing `[tokens=N]` asks for N tokens instead (short streams for
// the time-to-first-token runs).
import http from 'node:http';

const TOKENS = Number(process.env.TOKENS ?? 20);
const INTERVAL_MS = Number(process.env.INTERVAL_MS ?? 50);
const now = () => performance.timeOrigin + performance.now();

const chunk = (delta, finish = null) => JSON.stringify({
  id: 'bench', object: 'chat.completion.chunk', created: 0, model: 'bench',
  choices: [{ index: 0, delta, finish_reason: finish }],
});

function tokensAsked(messages = []) {
  const last = messages.filter((m) => m.role === 'user').at(-1)?.content;
  const n = typeof last === 'string' ? /\[tokens=(\d+)\]/.exec(last)?.[1] : undefined;
  return n ? Number(n) : TOKENS;
}

const server = http.createServer(async (req, res) => {
  if (req.url === '/health') return res.end('{"ok":true}');
  let body = '';
  for await (const c of req) body += c;
  const { stream, messages } = JSON.parse(body || '{}');
  if (!stream) {
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end(JSON.stringify({
      id: 'bench', object: 'chat.completion', created: 0, model: 'bench',
      choices: [{ index: 0, message: { role: 'assistant', content: '问题一\n问题二\n问题三' }, finish_reason: 'stop' }],
    }));
  }
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  let closed = false;
  res.on('close', () => { closed = true; });
  const tokens = tokensAsked(messages);
  for (let i = 0; i < tokens && !closed; i++) {
    if (i > 0) await new Promise((r) => setTimeout(r, INTERVAL_MS));
    res.write(`data: ${chunk({ content: `${now().toFixed(3)};` })}\n\n`);
  }
  res.write(`data: ${chunk({}, 'stop')}\n\ndata: [DONE]\n\n`);
  res.end();
});
server.keepAliveTimeout = 60_000;
// A thousand clients connect at once: the default accept backlog (511) would make some retry a SYN.
server.listen({ port: Number(process.env.PORT), host: '127.0.0.1', backlog: 4096 });
