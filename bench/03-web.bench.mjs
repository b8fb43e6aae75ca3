// The web client's weight and speed: gzip size of the JS /home loads first (budget 300 kB), the
// JS each area chunk adds (design §6: chat/home, creator, teacher, admin, group), and the time
// to a rendered /home in headless chromium on loopback. The web app is built into a temporary
// directory (so the bench measures the current code and never touches apps/web/dist) and served
// by the real server; chromium is Debian's, driven by playwright-core.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { charsByPackage } from './lib/js-composition.mjs';
import { ADMIN, freshDataDir, removeDir, request, startServer } from './lib/server.mjs';
import { median, ms, printTable } from './lib/table.mjs';

/* global window, document, requestAnimationFrame, MutationObserver -- used in functions that run in the page */

export const title = 'Web client';

const BUDGET_KB = 300; // gzip, kB = 1000 bytes (as Vite reports)
const LOADS = Number(process.env.BENCH_WEB_LOADS ?? 7);
const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];
/** One page per area chunk; the super admin may open all of them. */
const AREAS = [
  ['chat/home (areas/main)', '/robotList'],
  ['creator', '/creator'],
  ['teacher', '/teachingSpace'],
  ['admin (+ AdminLayout, ConsoleLayout)', '/admin/user/developer'],
  ['group (+ GroupLayout)', '/group/robot/officialRobot'],
];

const gz = (buf) => gzipSync(buf).length;
const kB = (n) => (n / 1000).toFixed(1);
/** A chunk's name without its hash, from a URL or a file name. */
const chunkName = (urlOrFile) => path.basename(urlOrFile.includes('://') ? new URL(urlOrFile).pathname : urlOrFile).replace(/-[\w-]{8}\.js$/, '');

function buildWeb(root, outDir) {
  // Hidden source maps: the JS is byte-for-byte what a normal build ships, the maps sit beside it.
  const r = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--sourcemap', 'hidden', '--logLevel', 'warn'], {
    cwd: path.join(root, 'apps/web'), encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`vite build failed:\n${r.stderr || r.stdout}`);
}

/** The JS index.html makes the browser fetch before anything runs: its module script and modulepreloads. */
function initialFromHtml(dist) {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const srcs = [
    ...[...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]),
  ];
  return srcs.map((src) => {
    const file = path.join(dist, src);
    const buf = readFileSync(file);
    return { file, name: path.basename(src), raw: buf.length, gzip: gz(buf) };
  });
}

/**
 * Opens `url` in a fresh context (empty cache, cache disabled), waits for `ready` and then for the
 * network to go quiet, and returns every JS response with its size, gzip size and bytes on the wire.
 */
async function visit(browser, baseUrl, url, { token, ready }) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 }, locale: 'zh-CN' });
  try {
    if (token) await context.addCookies([{ name: 'token', value: token, url: baseUrl, httpOnly: true, sameSite: 'Lax' }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const pending = [];
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return;
      pending.push((async () => {
        const body = await res.body();
        const sizes = await res.request().sizes();
        return { url: res.url(), raw: body.length, gzip: gz(body), wire: sizes.responseBodySize, encoding: res.headers()['content-encoding'] ?? 'none' };
      })());
    });
    await page.goto(`${baseUrl}${url}`);
    await ready(page);
    await page.waitForLoadState('networkidle');
    return { finalPath: new URL(page.url()).pathname, scripts: await Promise.all(pending) };
  } finally {
    await context.close();
  }
}

const sum = (xs, k) => xs.reduce((a, x) => a + x[k], 0);

const headerHas = (who) => (page) => page.locator('header').getByText(who).first().waitFor({ timeout: 20_000 });

/**
 * Two learners of the admin's organisation whose /home opens the same robot: one has not asked
 * anything yet, the other has a conversation of three answers (the built-in engine's, with
 * markdown), so the chat panel renders its messages.
 */
export async function arrangeLearners(baseUrl, adminToken) {
  const call = async (p, body, token) => {
    const res = await request(`${baseUrl}${p}`, { method: body ? 'POST' : 'GET', headers: token ? { 'x-token': token } : {}, body, timeoutMs: 20_000 });
    if (res.json?.code !== 20000) throw new Error(`${p} answered ${res.text.slice(0, 200)}`);
    return res.json.data;
  };
  const scenes = await call('/api/ai/Robot/getRobotScenes', undefined, adminToken);
  const robot = await call('/api/ai/Robot/saveRobot', {
    name: '生物助手', scene_id: scenes[0].id, msg: '你好，我是生物助手。',
    config: { onboarding_info: { prologue: '我可以解答**光合作用**、细胞结构和遗传方面的问题。', suggested_questions: ['什么是光合作用？', '细胞有哪些结构？', '什么是遗传？'] } },
  }, adminToken);
  await call('/api/ai/Robot/updateRobotSetting', { id: robot.id, is_show: 1, online_status: 1, is_public: 2 }, adminToken);
  const learner = async (n) => {
    const account = `1390000${String(Date.now() % 1000).padStart(3, '0')}${n}`;
    const reg = await call('/api/uc/passport/doReg', { account, password: 'bench-learner-1', truename: `学生${n}号` });
    await call('/api/ai/RobotUsed/save', { id: robot.id }, reg.token);
    return { token: reg.token, name: `学生${n}号` };
  };
  const fresh = await learner(1);
  const talked = await learner(2);
  const session = await call('/api/ai/ChatCategory/save', { r_id: robot.id }, talked.token);
  for (const question of ['什么是光合作用？', '细胞有哪些结构？', '什么是遗传？']) {
    const res = await request(`${baseUrl}/api/ai/chat/stream`, { method: 'POST', headers: { 'x-token': talked.token }, body: { category_id: session.id, question }, timeoutMs: 20_000 });
    if (!res.text.includes('event: close')) throw new Error(`the chat did not close: ${res.text.slice(0, 200)}`);
  }
  return { fresh, talked };
}

/** Time to a rendered /home: from navigation start to the frame after the header shows the learner's name and the chat input is there. */
async function timeHome(browser, baseUrl, token, name) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 }, locale: 'zh-CN' });
  try {
    await context.addCookies([{ name: 'token', value: token, url: baseUrl, httpOnly: true, sameSite: 'Lax' }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await page.addInitScript((who) => {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') window.__fcpAt = e.startTime;
      }).observe({ type: 'paint', buffered: true });
      const check = () => {
        if (!document.querySelector('header')?.textContent?.includes(who) || !document.querySelector('.chat-panel textarea')) return;
        observer.disconnect();
        requestAnimationFrame(() => { window.__readyAt = performance.now(); });
      };
      const observer = new MutationObserver(check);
      observer.observe(document, { childList: true, subtree: true, characterData: true });
    }, name);
    await page.goto(`${baseUrl}/home`);
    await page.waitForFunction(() => window.__readyAt !== undefined && window.__fcpAt !== undefined, undefined, { timeout: 20_000 });
    return page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      return { ready: window.__readyAt, fcp: window.__fcpAt, dcl: nav.domContentLoadedEventEnd };
    });
  } finally {
    await context.close();
  }
}

/** The initial JS by npm package, from the source maps; gzip shares are estimated from raw shares. */
function composition(files) {
  const chars = new Map();
  for (const f of files) for (const [pkg, n] of charsByPackage(f.file)) chars.set(pkg, (chars.get(pkg) ?? 0) + n);
  const total = [...chars.values()].reduce((a, b) => a + b, 0);
  const gzipTotal = sum(files, 'gzip');
  const sorted = [...chars].sort((a, b) => b[1] - a[1]);
  const top = sorted.slice(0, 10);
  const rest = sorted.slice(10).reduce((a, [, n]) => a + n, 0);
  if (rest) top.push([`${sorted.length - 10} other packages`, rest]);
  return top.map(([pkg, n]) => ({ pkg, share: `${((100 * n) / total).toFixed(1)}%`, gzip: kB((gzipTotal * n) / total) }));
}

export default async function web({ root, progress }) {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'xueban-bench-web-'));
  const dataDir = freshDataDir();
  let server;
  let browser;
  try {
    progress('building the web app (vite build, hidden source maps)');
    buildWeb(root, dist);
    const initial = initialFromHtml(dist);

    // The server serves WEB_DIST; set it only while the child process is spawned.
    const previous = process.env.WEB_DIST;
    process.env.WEB_DIST = dist;
    try { server = await startServer({ dataDir }); } finally {
      if (previous === undefined) delete process.env.WEB_DIST; else process.env.WEB_DIST = previous;
    }
    const login = await request(`${server.url}/api/uc/passport/doLogin`, { method: 'POST', body: ADMIN });
    if (login.json?.code !== 20000) throw new Error(`login failed: ${login.text.slice(0, 200)}`);
    const token = login.json.data.token;
    const name = login.json.data.user.truename || login.json.data.user.name;

    if (!existsSync(CHROMIUM)) {
      console.log(`No chromium at ${CHROMIUM}: only the static figure is measured.\n`);
    } else {
      browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    }

    const staticRow = { what: 'index.html: module script + modulepreload (static)', files: initial.length, raw: kB(sum(initial, 'raw')), gzip: kB(sum(initial, 'gzip')), wire: '', budget: '' };
    const rows = [staticRow];
    const result = { budgetKB: BUDGET_KB, initialStatic: { files: initial.map((f) => f.name), raw: sum(initial, 'raw'), gzip: sum(initial, 'gzip') } };
    let homeUrls = new Set();
    let learners;
    if (browser) {
      progress('loading /home: a learner with a robot (new, and with a conversation), the super admin, logged out');
      learners = await arrangeLearners(server.url, token);
      const chatReady = (who, selector) => async (page) => {
        await headerHas(who)(page);
        await page.locator(selector).first().waitFor({ timeout: 20_000 });
      };
      const cases = [
        ['/home, a learner: their robot, no conversation yet', { token: learners.fresh.token, ready: chatReady(learners.fresh.name, 'textarea') }, 'learnerNew'],
        ['/home, a learner: their robot, a conversation of 3 answers', { token: learners.talked.token, ready: chatReady(learners.talked.name, '.chat-answer') }, 'learnerTalked'],
        ['/home, the super admin (who made that robot)', { token, ready: headerHas(name) }, 'admin'],
        ['/home logged out (login dialog open)', { ready: (page) => page.getByRole('dialog', { name: '登录' }).waitFor({ timeout: 20_000 }) }, 'loggedOut'],
      ];
      for (const [what, opts, key] of cases) {
        const v = await visit(browser, server.url, '/home', opts);
        const enc = [...new Set(v.scripts.map((s) => s.encoding))].join(', ');
        rows.push({ what: `chromium: ${what}`, files: v.scripts.length, raw: kB(sum(v.scripts, 'raw')), gzip: kB(sum(v.scripts, 'gzip')), wire: `${kB(sum(v.scripts, 'wire'))} (${enc})` });
        result[key] = { files: v.scripts.map((s) => path.basename(new URL(s.url).pathname)), raw: sum(v.scripts, 'raw'), gzip: sum(v.scripts, 'gzip'), wire: sum(v.scripts, 'wire') };
        if (key === 'admin') homeUrls = new Set(v.scripts.map((s) => s.url));
      }
    }
    const staticNames = new Set(initial.map((f) => f.name));
    const beyond = (v) => v.files.filter((f) => !staticNames.has(f)).map(chunkName).join(', ');
    const extraNotes = browser ? [
      `A learner's new chat loads beyond index.html's list: ${beyond(result.learnerNew)}.`,
      `With a conversation, the messages add: ${result.learnerTalked.files.filter((f) => !result.learnerNew.files.includes(f)).map(chunkName).join(', ')}.`,
    ] : [];
    for (const row of rows) row.budget = Number(row.gzip) <= BUDGET_KB ? `within ${BUDGET_KB}` : `OVER ${BUDGET_KB}`;
    printTable(`Web: JS that /home loads first, gzip budget ${BUDGET_KB} kB`, [
      { key: 'what', label: 'measured' },
      { key: 'files', label: 'JS files', align: 'right' },
      { key: 'raw', label: 'raw kB', align: 'right' },
      { key: 'gzip', label: 'gzip kB', align: 'right' },
      { key: 'wire', label: 'on the wire kB (encoding)', align: 'right' },
      { key: 'budget', label: 'budget' },
    ], rows, [
      'gzip = Node zlib at its default level 6 on the exact bytes served; kB = 1000 bytes (as Vite reports).',
      '"on the wire" is what chromium received: the server sends JS uncompressed unless a proxy in front of it compresses.',
      ...extraNotes,
    ]);

    const parts = composition(initial);
    printTable('Web: what the static initial JS is made of (source maps, by package)', [
      { key: 'pkg', label: 'package' },
      { key: 'share', label: 'share of raw', align: 'right' },
      { key: 'gzip', label: '≈ gzip kB', align: 'right' },
    ], parts, ['≈ gzip charges the initial gzip total to packages in proportion to their raw characters.']);
    result.composition = parts;

    if (browser) {
      const areaRows = [];
      for (const [area, url] of AREAS) {
        progress(`loading ${url} (${area})`);
        const v = await visit(browser, server.url, url, { token, ready: (page) => page.locator('h1, .ant-result').first().waitFor({ timeout: 20_000 }) });
        if (v.finalPath !== url) throw new Error(`${url} redirected to ${v.finalPath}: the area was not measured`);
        const added = v.scripts.filter((s) => !homeUrls.has(s.url));
        areaRows.push({ area, url, chunks: added.map((s) => chunkName(s.url)).join(', '), raw: kB(sum(added, 'raw')), gzip: kB(sum(added, 'gzip')) });
      }
      printTable('Web: JS each area adds beyond /home (logged in as the super admin)', [
        { key: 'area', label: 'area' },
        { key: 'url', label: 'page loaded' },
        { key: 'raw', label: 'raw kB', align: 'right' },
        { key: 'gzip', label: 'gzip kB', align: 'right' },
        { key: 'chunks', label: 'chunks added' },
      ], areaRows, ['Each page is loaded directly in a fresh context; "added" = JS responses whose URL /home (logged in) did not load.']);
      result.areas = areaRows;

      progress(`timing /home: 1 warm-up + ${LOADS} loads`);
      await timeHome(browser, server.url, learners.fresh.token, learners.fresh.name);
      const runs = [];
      for (let i = 0; i < LOADS; i++) runs.push(await timeHome(browser, server.url, learners.fresh.token, learners.fresh.name));
      const col = (k) => runs.map((r) => r[k]);
      printTable(`Web: time to a rendered /home (headless chromium, loopback, median of ${LOADS})`, [
        { key: 'what', label: 'milestone' },
        { key: 'median', label: 'median ms', align: 'right' },
        { key: 'min', label: 'min ms', align: 'right' },
        { key: 'max', label: 'max ms', align: 'right' },
      ], [
        ['DOMContentLoaded', 'dcl'], ['first contentful paint', 'fcp'], ['user name in the header, chat input shown', 'ready'],
      ].map(([what, k]) => ({ what, median: ms(median(col(k))), min: ms(Math.min(...col(k))), max: ms(Math.max(...col(k))) })), [
        'The learner with a robot and no conversation; from navigation start, logged in by the session cookie; a fresh browser context per load with the cache disabled; one unmeasured warm-up load first.',
        'Ready = the animation frame after the header contains the user name and the chat panel its input (MutationObserver): user, robot and session fetched and rendered.',
        'The browser, the server and this process share the same cores; nothing is throttled (no simulated network or CPU slowdown).',
      ]);
      result.timeToHomeMs = { runs, median: { dcl: median(col('dcl')), fcp: median(col('fcp')), ready: median(col('ready')) } };
    }
    return result;
  } finally {
    await browser?.close();
    await server?.stop();
    removeDir(dataDir);
    removeDir(dist);
  }
}
