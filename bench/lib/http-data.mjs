// What the HTTP bench lists: a robot, a knowledge base and sessions, one of them with EXCHANGES
// question/answer pairs, all created through the HTTP API as the web would (the chat stream with
// the built-in engine, no model configured). Then every ordinary list call the web makes, each
// checked once for a real success with a non-empty list before the bench hammers it.
import { request } from './server.mjs';

export const EXCHANGES = 20;
const ROBOT = '压测机器人';
const KNOWLEDGE_BASE = '压测知识库';
const SESSION = '压测会话';
const QUESTION = '压测问题';

const envelope = (body) => body.startsWith('{"code":20000,');

/** Fails loudly when a response is not the success the bench means to use or measure. */
export function expectOk(what, res, check = () => true) {
  if (res.status !== 200 || res.json?.code !== 20000 || !check(res.json)) {
    throw new Error(`${what}: expected 200 with a success body, got ${res.status}: ${res.text.slice(0, 300)}`);
  }
  return res.json;
}

/** Creates the rows through the API; resolves with their ids. `headers` carry the X-Token. */
export async function createListedData(baseUrl, headers, progress) {
  const call = (p, body) => request(`${baseUrl}${p}`, body === undefined ? { headers } : { method: 'POST', headers, body, timeoutMs: 30_000 });
  const scenes = expectOk('GET /api/ai/Robot/getRobotScenes', await call('/api/ai/Robot/getRobotScenes'), (j) => j.data?.length > 0);
  const robot = expectOk('POST /api/ai/Robot/saveRobot', await call('/api/ai/Robot/saveRobot', {
    name: ROBOT, scene_id: scenes.data[0].id, info: '用于 HTTP 压测',
  }), (j) => j.data?.id > 0).data;
  const kb = expectOk('POST /api/ai/knowledge/save', await call('/api/ai/knowledge/save', {
    name: KNOWLEDGE_BASE, info: '用于 HTTP 压测',
  }), (j) => j.data?.id > 0).data;
  const sessions = [];
  for (let i = 1; i <= 3; i++) {
    sessions.push(expectOk('POST /api/ai/ChatCategory/save', await call('/api/ai/ChatCategory/save', {
      r_id: robot.id, name: `${SESSION} ${i}`,
    }), (j) => j.data?.id > 0).data);
  }
  const session = sessions[0];
  progress(`  ${EXCHANGES} exchanges through POST /api/ai/chat/stream (built-in engine)`);
  for (let i = 1; i <= EXCHANGES; i++) {
    const res = await call('/api/ai/chat/stream', { category_id: session.id, question: `${QUESTION} ${i}` });
    if (res.status !== 200 || !/^event: close$/m.test(res.text) || /^event: error$/m.test(res.text)) {
      throw new Error(`POST /api/ai/chat/stream (exchange ${i}): expected a stream ending with close, got ${res.status}: ${res.text.slice(0, 300)}`);
    }
  }
  return { robot, kb, session };
}

/**
 * The list calls the web makes (its features/<f>/api files), with the web's page sizes: each
 * { target, route, path, check(json), verifyBody(rawBody) }. verifyBody runs on every response
 * under load, so it is a cheap substring test.
 */
export function listTargets({ robot, kb, session }) {
  return [
    {
      target: 'robot list', route: 'GET /api/ai/Robot/lists',
      path: '/api/ai/Robot/lists?fetch_type=my&page=1&limit=13',
      check: (j) => j.data?.data?.some((r) => r.id === robot.id),
      verifyBody: (b) => envelope(b) && b.includes(ROBOT),
    },
    {
      target: 'session list', route: 'GET /api/ai/ChatCategory/lists',
      path: `/api/ai/ChatCategory/lists?r_id=${robot.id}&page=1&limit=15`,
      check: (j) => j.data?.data?.some((s) => s.id === session.id),
      verifyBody: (b) => envelope(b) && b.includes(SESSION),
    },
    {
      target: 'records of a session', route: 'GET /api/ai/chat_records/chatLog',
      path: `/api/ai/chat_records/chatLog?category_id=${session.id}&page_type=0&page=1&limit=20`,
      check: (j) => j.data?.records?.data?.length === EXCHANGES,
      verifyBody: (b) => envelope(b) && b.includes(`${QUESTION} ${EXCHANGES}`),
    },
    {
      target: 'knowledge base list', route: 'GET /api/ai/knowledge/lists',
      path: '/api/ai/knowledge/lists?page=1&limit=10',
      check: (j) => j.data?.data?.some((k) => k.id === kb.id),
      verifyBody: (b) => envelope(b) && b.includes(KNOWLEDGE_BASE),
    },
  ];
}
