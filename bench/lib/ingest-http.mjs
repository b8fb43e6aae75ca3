// Ingestion end to end, as a school would do it: N small .txt documents uploaded through
// /api/uc/upload/fileUpload, queued through /api/ai/knowledge/training (20 files a call, the
// contract's limit), trained by the server's queue workers, polled through trainingtasks until
// none is queued or training. Runs the built server (apps/server/dist/main.js) in its own process.
//
//   node bench/lib/ingest-http.mjs [documents]     (prints one JSON line)
import { pathToFileURL } from 'node:url';
import { ADMIN, freshDataDir, removeDir, request, startServer } from './server.mjs';

const BOUNDARY = '----xuebanBenchBoundary';
const TOPICS = ['图书馆', '食堂', '宿舍', '校车', '体育馆', '教务处', '医务室', '实验室', '选课', '考试', '奖学金', '社团'];
const PLACES = ['南门', '北门', '东区', '西区', '主楼', '科技楼'];

/** A small school document (about 1 500 characters, a few chunks), different words per document. */
function documentText(i) {
  const lines = [`# ${TOPICS[i % TOPICS.length]}说明第${i}号`];
  for (let p = 0; p < 12; p++) {
    const topic = TOPICS[(i + p) % TOPICS.length];
    const place = PLACES[(i * 7 + p) % PLACES.length];
    lines.push(`${topic}的第${p + 1}条规定：第${i}号通知说明，${topic}在${place}，每天早上${(i + p) % 12 + 1}点开放，`
      + `学生需要携带校园卡办理相关手续，遇到问题可以联系${TOPICS[(i * 3 + p) % TOPICS.length]}的老师，电话${80000 + i * 13 + p}。`
      + `本条自第${(i % 20) + 1}周起执行，未尽事宜以学校最新通知为准。`);
  }
  return lines.join('\n\n');
}

async function upload(url, token, name, text) {
  const tok = await request(`${url}/api/uc/upload/getToken?scene=knowledge`, { headers: { 'x-token': token } });
  const field = (n, v) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${n}"\r\n\r\n${v}\r\n`;
  // All text (ASCII fields, UTF-8 document): sent as one string, encoded as UTF-8.
  const body = field('policy', tok.json.data.policy) + field('signature', tok.json.data.signature)
    + `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n${text}\r\n--${BOUNDARY}--\r\n`;
  const res = await request(`${url}/api/uc/upload/fileUpload`, {
    method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'x-token': token }, body, timeoutMs: 30_000,
  });
  if (res.json?.code !== 20000) throw new Error(`upload failed: ${res.text.slice(0, 200)}`);
  return res.json.data.id;
}

/** Uploads and trains `documents` files; returns the times and rates (chunks/s over the training, and over upload + training). */
export async function ingestHttp({ documents = 1000, progress = () => {} } = {}) {
  const dataDir = freshDataDir();
  const server = await startServer({ dataDir });
  try {
    const { url } = server;
    const login = await request(`${url}/api/uc/passport/doLogin`, { method: 'POST', body: { account: ADMIN.account, password: ADMIN.password } });
    const token = login.json.data.token;
    const headers = { 'x-token': token };
    const post = (p, body) => request(`${url}${p}`, { method: 'POST', headers, body, timeoutMs: 30_000 });
    const kb = await post('/api/ai/knowledge/save', { name: '入学资料' });
    if (kb.json?.code !== 20000) throw new Error(`knowledge/save: ${kb.text.slice(0, 200)}`);
    const kbId = kb.json.data.id;

    const t0 = performance.now();
    const ids = [];
    for (let i = 0; i < documents; i++) {
      ids.push(await upload(url, token, `doc-${i}.txt`, documentText(i)));
      if ((i + 1) % 200 === 0) progress(`uploaded ${i + 1}/${documents}`);
    }
    const uploadedMs = performance.now() - t0;
    const t1 = performance.now();
    for (let i = 0; i < ids.length; i += 20) {
      const r = await post('/api/ai/knowledge/training', { type: 'file', repository_id: kbId, file_ids: ids.slice(i, i + 20) });
      if (r.json?.code !== 20000) throw new Error(`knowledge/training: ${r.text.slice(0, 200)}`);
    }
    const queuedMs = performance.now() - t1;
    let last;
    let bestPace = 0;
    for (;;) {
      last = (await request(`${url}/api/ai/knowledge/trainingtasks?repository_id=${kbId}`, { headers })).json.data;
      bestPace = Math.max(bestPace, last.chunks_per_second ?? 0);
      if (last.queued + last.training === 0) break;
      progress(`trained ${last.ready + last.failed}/${documents} (${last.chunks_per_second} chunks/s shown)`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const trainedMs = performance.now() - t1;
    const detail = (await request(`${url}/api/ai/knowledge/detail?id=${kbId}`, { headers })).json.data;
    const chunks = Number(detail.chunk_count ?? 0);
    return {
      documents, ready: last.ready, failed: last.failed, chunks,
      uploadMs: uploadedMs, queueMs: queuedMs, trainMs: trainedMs,
      chunksPerSecond: chunks / (trainedMs / 1000), chunksPerSecondWithUpload: chunks / ((uploadedMs + trainedMs) / 1000),
      documentsPerSecond: documents / (trainedMs / 1000), bestShownPace: bestPace,
    };
  } finally {
    await server.stop?.();
    removeDir(dataDir);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const documents = Number(process.argv[2] ?? 1000);
  const out = await ingestHttp({ documents, progress: (m) => process.stderr.write(`${m}\n`) });
  process.stdout.write(`${JSON.stringify(out)}\n`);
}
