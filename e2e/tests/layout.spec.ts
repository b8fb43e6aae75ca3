import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { BASE_URL, adminToken, apiGet, apiPost, asUser, freshMobile, newUser, signIn, type TestUser } from '../support/api.ts';
import { answers, ask, chatInput, registerModels, removeProvider } from '../support/chat.ts';
import { startFakeModel, type FakeModel } from '../support/fake-model.ts';
import { failOnPageErrors, trialUser } from '../support/shell.ts';

/**
 * The layout of issue 27 ("The first hour"): the shell fits the window with the trial or expired
 * banner showing (the chat's footer note and the session panel's 删除机器人 stay on screen);
 * avatars that are not square are cropped into their square box; an intent's recommend card lines
 * up with the other cards under the answer; and the learner pages work on phones (spec §9
 * breakpoints): on /robot/about/{id} the chat keeps the width and the 机器人信息 panel opens over it.
 */

failOnPageErrors();

/** Screenshots for the docs: docs/screenshots/first-hour-*.png. */
const shot = async (page: Page, name: string) => {
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 6_000 }); // toasts gone
  await page.waitForTimeout(400); // let opening animations finish
  await page.screenshot({ path: fileURLToPath(new URL(`../../docs/screenshots/first-hour-${name}.png`, import.meta.url)) });
};

// ---- A picture that is not square: a real PNG, 4 times as wide as it is high. ----

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const pngChunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};
/** A w×h RGB PNG in three vertical stripes (red, blue, red): cropped, a square shows blue; squeezed, all three. */
function stripedPng(w: number, h: number): Buffer {
  const row = Buffer.alloc(1 + w * 3);
  for (let x = 0; x < w; x++) {
    const [r, g, b] = x >= w / 3 && x < (2 * w) / 3 ? [40, 80, 220] : [220, 40, 40];
    row.set([r, g, b], 1 + x * 3);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: h }, () => row)))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

async function uploadAvatar(request: APIRequestContext, token: string, png: Buffer): Promise<string> {
  const t = await apiGet<{ policy: string; signature: string; host: string }>(request, '/api/uc/upload/getToken', { scene: 'avatar' }, token);
  const res = await request.post(`${BASE_URL}${t.host}`, {
    headers: asUser(token),
    multipart: { policy: t.policy, signature: t.signature, file: { name: 'wide.png', mimeType: 'image/png', buffer: png } },
  });
  const body = (await res.json()) as { code: number; msg: string; data: { url: string } };
  expect(body.code, body.msg).toBe(20000);
  return body.data.url;
}

// ---- The world: a fake model, a robot with knowledge, an intent and a wide avatar. ----

const ANSWER = ['图书馆每天早上八点开门，', '晚上十点关门。'];
const QUESTION = '图书馆开放时间是什么？';
const INTENT = '图书馆开放时间';
const RECOMMEND_TEXT = '周一至周日 8:00-22:00，节假日另行通知。';
/** Long enough to need the whole width beside the welcome avatar. */
const PROLOGUE = '欢迎来到图书馆助手！我可以回答开放时间、借阅规则、座位预约、电子资源和打印服务等各种问题，请直接输入你的问题，或者点击下面的推荐问题开始。';

let fake: FakeModel;
let providerId: number;
let chatModelId: number;
let wideAvatar: string;
let creator: TestUser;
let robot: { id: number; name: string };

/** A robot of the caller's organisation, public there, online, answered by the fake model. */
async function makeRobot(request: APIRequestContext, token: string, name: string, avatar = '') {
  const scenes = await apiGet<{ id: number }[]>(request, '/api/ai/Robot/getRobotScenes', {}, token);
  const made = await apiPost<{ id: number }>(request, '/api/ai/Robot/saveRobot', {
    name,
    scene_id: scenes[0]!.id,
    avatar,
    info: '回答图书馆的开放时间和借阅规则',
    msg: '你好，我是图书馆助手。',
    extra: { use_type: [1, 2], introduce: '回答图书馆的开放时间、借阅规则和座位预约。', cover_url: '' },
    config: { onboarding_info: { prologue: PROLOGUE, suggested_questions: [QUESTION, '怎么借书？', '可以预约座位吗？'], suggested_questions_show_mode: 0 } },
  }, token);
  await apiPost(request, '/api/ai/Robot/updateRobotSetting', { id: made.id, is_show: 1, online_status: 1, is_public: 2 }, token);
  await apiPost(request, '/api/ai/Robot/setRobotModel', { id: made.id, chat_model_id: chatModelId, reasoning_model_id: null }, token);
  return { id: made.id, name };
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  fake = await startFakeModel(() => ({ content: ANSWER, gapMs: 40 }));
  const registered = await registerModels(request, fake.baseUrl, [{ model: 'layout-chat', capabilities: ['chat'] }]);
  providerId = registered.providerId;
  chatModelId = registered.ids['layout-chat']!;

  creator = await newUser(request, { roles: [Role.CREATOR], truename: '图书馆创作者' });
  wideAvatar = await uploadAvatar(request, creator.token, stripedPng(160, 40));
  await apiPost(request, '/api/uc/User/update', { avatar: wideAvatar }, creator.token);
  robot = await makeRobot(request, creator.token, `图书馆助手${freshMobile().slice(-5)}`, wideAvatar);

  // Knowledge the answer cites (参考来源), and an intent the question names (推荐内容).
  const kb = await apiPost<{ id: number }>(request, '/api/ai/knowledge/save', { name: `图书馆资料${freshMobile().slice(-4)}`, info: '' }, creator.token);
  await apiPost(request, '/api/ai/knowledge/training', {
    type: 'qa', repository_id: kb.id, name: '图书馆问答',
    qa: [{ question: '图书馆开放时间是什么？', answer: '图书馆开放时间：每天 8:00 至 22:00。' }],
  }, creator.token);
  await expect.poll(async () => (await apiGet<{ ready: number }>(request, '/api/ai/knowledge/trainingtasks', { repository_id: kb.id }, creator.token)).ready, { timeout: 60_000 }).toBeGreaterThan(0);
  await apiPost(request, '/api/ai/Robot/bindContent', { robot_id: robot.id, type: 'repository', ids: [kb.id] }, creator.token);
  const category = await apiPost<{ id: number }>(request, '/api/ai/intentCategory/save', { name: `馆务${freshMobile().slice(-4)}`, info: '图书馆' }, creator.token);
  const intent = await apiPost<{ id: number }>(request, '/api/ai/intent/save', { category_id: category.id, name: INTENT }, creator.token);
  await apiPost(request, '/api/ai/intentContent/save', { intent_id: intent.id, sort: 0, content_type: 'text', content: { content: RECOMMEND_TEXT } }, creator.token);
  await apiPost(request, '/api/ai/intentContent/save', { intent_id: intent.id, sort: 1, content_type: 'link', content: { url: 'https://lib.example.edu', title: '图书馆主页' } }, creator.token);
  await apiPost(request, '/api/ai/intent/bindCategory', { robot_id: robot.id, ids: [category.id] }, creator.token);

  // Approved into the robot square, where its card shows.
  const review = await apiPost<{ id: number }>(request, '/api/ai/Robot/release', { id: robot.id, target: 'square' }, creator.token);
  await apiPost(request, '/api/ai/admin.robot/audit', { id: review.id, status: 3 }, await adminToken(request));
});
test.afterAll(async ({ request }) => {
  if (providerId) await removeProvider(request, providerId);
  await fake?.close();
});

// ---- Measuring what a user sees. ----

const footerNote = (page: Page) => page.getByText(MSG.aiFooter, { exact: true });

/** The element's box once it stops moving (a popover is placed, a dialogue has opened). */
async function settledBox(page: Page, target: Locator) {
  await expect(target).toBeVisible();
  let prev = await target.boundingBox();
  for (let i = 0; i < 50; i++) {
    await page.waitForTimeout(100);
    const box = await target.boundingBox();
    if (box && prev && box.x === prev.x && box.y === prev.y && box.width === prev.width && box.height === prev.height) return box;
    prev = box;
  }
  return prev;
}

/** The element's box lies within the window (a user sees it without scrolling). */
async function expectOnScreen(page: Page, target: Locator) {
  const box = (await settledBox(page, target))!;
  const view = page.viewportSize()!;
  expect(box, 'rendered').not.toBeNull();
  expect(box.y, 'top').toBeGreaterThanOrEqual(0);
  expect(box.x, 'left').toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, 'bottom').toBeLessThanOrEqual(view.height);
  expect(box.x + box.width, 'right').toBeLessThanOrEqual(view.width);
}

/** The page neither grows past the window nor scrolls sideways. */
async function expectFitsWindow(page: Page, { height = true } = {}) {
  const size = await page.evaluate(() => ({
    scrollW: document.documentElement.scrollWidth, scrollH: document.documentElement.scrollHeight, w: innerWidth, h: innerHeight,
  }));
  expect(size.scrollW, 'no sideways scrolling').toBeLessThanOrEqual(size.w);
  if (height) expect(size.scrollH, 'the page ends at the window\'s bottom').toBeLessThanOrEqual(size.h);
}

/** Every avatar picture in `scope` fills a square box and is cropped, not squeezed. */
async function expectSquareCropped(scope: Locator) {
  const imgs = scope.locator('.ant-avatar img');
  await expect(imgs.first()).toBeVisible();
  for (const img of await imgs.all()) {
    const box = (await img.locator('xpath=..').boundingBox())!;
    expect(Math.abs(box.width - box.height), `avatar box ${box.width}×${box.height} is square`).toBeLessThanOrEqual(1);
    expect(box.width).toBeGreaterThanOrEqual(16);
    expect(await img.evaluate((el) => getComputedStyle(el).objectFit)).toBe('cover');
    const imgBox = (await img.boundingBox())!;
    expect(Math.abs(imgBox.width - box.width) <= 2 && Math.abs(imgBox.height - box.height) <= 2, 'the picture fills its box').toBe(true);
  }
}

async function waitForAnswer(page: Page) {
  await expect(answers(page).last()).toContainText(ANSWER.join(''));
  await expect(page.getByRole('button', { name: MSG.stopAnswer })).toHaveCount(0);
}

// ---- Tests ----

test('with the trial or expired banner the shell fits the window: the footer note and 删除机器人 stay on screen at 1440×900 and 1280×720', async ({ page, request }) => {
  const { user, groupId } = await trialUser(request);
  // The trial organisation's own robot (its creator administers it), used last: /home opens it.
  const own = await makeRobot(request, user.token, `试用助手${freshMobile().slice(-5)}`);
  await apiPost(request, '/api/ai/RobotUsed/save', { id: own.id }, user.token);
  await signIn(page, user);
  const trial = page.getByRole('alert').filter({ hasText: '当前组织正在试用' });

  for (const [width, height] of [[1440, 900], [1280, 720]] as const) {
    await page.setViewportSize({ width, height });
    await page.goto('/home');
    await expect(trial).toBeVisible();
    await expect(footerNote(page)).toBeVisible();
    const panel = page.getByRole('complementary', { name: '会话列表' });
    await expect(panel.getByRole('button', { name: '删除机器人' })).toBeVisible();
    await expectOnScreen(page, footerNote(page));
    await expectOnScreen(page, panel.getByRole('button', { name: '删除机器人' }));
    await expectOnScreen(page, chatInput(page));
    await expectFitsWindow(page);
    await shot(page, `home-trial-${width}x${height}`);

    // The other pages that fill the window with a chat.
    for (const path of [`/robot/about/${own.id}`, `/dialogueIndex?dialogueRid=${own.id}`]) {
      await page.goto(path);
      await expect(trial).toBeVisible();
      await expect(footerNote(page)).toBeVisible();
      await expectOnScreen(page, footerNote(page));
      await expectFitsWindow(page);
    }
  }

  // Expired: the 服务已到期 strip takes the trial strip's place; the page still fits.
  const admin = await adminToken(request);
  await apiPost(request, '/api/uc/groups/setVip', { group_id: groupId, vip_level: 2, vip_end_time: Math.floor(Date.now() / 1000) - 86_400 }, admin);
  await page.goto('/home');
  await expect(page.getByRole('alert').filter({ hasText: '服务已到期' })).toBeVisible();
  await expect(footerNote(page)).toBeVisible();
  await expectOnScreen(page, footerNote(page));
  await expectOnScreen(page, page.getByRole('button', { name: '删除机器人' }));
  await expectFitsWindow(page);
});

test('avatars that are not square are cropped into their square box: robot and user, on the about page, in the chat, the sidebar and the square', async ({ page, request }) => {
  await signIn(page, creator);
  await apiPost(request, '/api/ai/RobotUsed/save', { id: robot.id }, creator.token);
  await page.goto(`/robot/about/${robot.id}`);
  await expect(page.getByText(PROLOGUE)).toBeVisible();
  // The header, the empty chat's welcome (beside a long prologue) and the panel's creator.
  await expectSquareCropped(page.getByRole('button', { name: '返回' }).locator('xpath=..'));
  await expectSquareCropped(page.locator('.chat-welcome'));
  await expectSquareCropped(page.getByRole('complementary', { name: '机器人信息' }));
  // The sidebar: recently used robots and the user panel.
  await expectSquareCropped(page.getByRole('list', { name: '最近使用的机器人' }));
  await expectSquareCropped(page.getByRole('complementary', { name: '侧边栏' }).getByRole('button', { name: '用户菜单' }));
  // An answer's avatar.
  await ask(page, '怎么借书？');
  await waitForAnswer(page);
  await expectSquareCropped(answers(page).last());
  await shot(page, 'avatars');

  // The robot square's card.
  await page.goto('/robotList');
  await page.getByLabel('搜索机器人').fill(robot.name);
  await page.getByLabel('搜索机器人').press('Enter');
  await expectSquareCropped(page.locator('.robot-card', { hasText: robot.name }));
});

test('an intent\'s recommend card lines up with the answer and the related questions, below the citation line', async ({ page, request }) => {
  const student = await newUser(request);
  await signIn(page, student);
  await page.goto(`/robot/about/${robot.id}`);
  await ask(page, QUESTION);
  await waitForAnswer(page);
  const sources = answers(page).last().getByLabel('参考来源');
  const recommend = page.getByRole('list', { name: MSG.recommendList }).last();
  const related = page.getByRole('list', { name: '相关问题' }).last();
  await expect(sources).toBeVisible();
  await expect(recommend).toContainText(RECOMMEND_TEXT);
  await expect(related.getByRole('button').first()).toBeVisible();
  await recommend.scrollIntoViewIfNeeded();

  const text = (await answers(page).last().locator('.chat-bubble-content').boundingBox())!;
  const card = (await recommend.boundingBox())!;
  const question = (await related.getByRole('button').first().boundingBox())!;
  const cited = (await sources.boundingBox())!;
  // One left edge: the answer's text, the recommend card, the related questions.
  expect(Math.abs(card.x - question.x), `recommend card at ${card.x}, related questions at ${question.x}`).toBeLessThanOrEqual(1);
  expect(Math.abs(card.x - text.x), `recommend card at ${card.x}, answer text at ${text.x}`).toBeLessThanOrEqual(1);
  // Below the citation line, with room between them.
  expect(card.y, 'the card starts below the sources').toBeGreaterThanOrEqual(cited.y + cited.height + 8);
  // Each card whole: not reaching above its row, where the row's paint containment cuts it off.
  for (const list of [recommend, related]) {
    const row = (await list.locator('xpath=ancestor::div[contains(@class, "chat-row")][1]').boundingBox())!;
    expect((await list.boundingBox())!.y, 'the card\'s top edge is inside its row').toBeGreaterThanOrEqual(row.y);
  }
  await shot(page, 'recommend-card');
});

for (const [width, height] of [[390, 844], [768, 1024]] as const) {
  test(`a phone or tablet at ${width}×${height}: a learner opens a robot's about page, asks, reads the answer and opens the about panel`, async ({ page, request }) => {
    await page.setViewportSize({ width, height });
    const student = await newUser(request);
    await signIn(page, student);
    await page.goto(`/robot/about/${robot.id}`);
    await expect(page.getByRole('heading', { name: robot.name }).first()).toBeVisible();

    // The chat has the width: the tab label on one line, an input a thumb can use.
    const tab = page.getByRole('tab', { name: MSG.chatView });
    const tabBox = (await tab.boundingBox())!;
    expect(tabBox.height, '对话视图 on one line (12 px padding above and below one 22 px line)').toBeLessThan(60);
    expect(tabBox.width).toBeGreaterThan(tabBox.height);
    const input = page.locator('.chat-sender');
    expect((await input.boundingBox())!.width, 'the input is wide enough to use').toBeGreaterThanOrEqual(300);
    await expectOnScreen(page, input);
    await expectOnScreen(page, footerNote(page));
    await expectFitsWindow(page);
    // The panel does not squeeze the chat: it is not on the page until asked for.
    await expect(page.getByRole('complementary', { name: '机器人信息' })).toHaveCount(0);

    await ask(page, QUESTION);
    await waitForAnswer(page);
    await expect(page.getByRole('list', { name: MSG.recommendList }).last()).toBeVisible();
    await expectFitsWindow(page);
    await shot(page, `about-${width}x${height}`);

    const open = page.getByRole('button', { name: '机器人信息' });
    await expect(open).toHaveAttribute('aria-expanded', 'false');
    await open.click();
    const drawer = page.getByRole('dialog', { name: '机器人信息' });
    const panel = drawer.getByRole('complementary', { name: '机器人信息' });
    await expect(panel.getByRole('heading', { name: robot.name })).toBeVisible();
    await expect(panel.getByText('机器人能力')).toBeVisible();
    await expect(panel.getByText('人加入')).toBeVisible();
    await shot(page, `about-panel-${width}x${height}`);
    await expectOnScreen(page, drawer);
    await drawer.getByRole('button', { name: /close|关闭/i }).first().click();
    await expect(drawer).toBeHidden();
    await expect(chatInput(page)).toBeVisible();
  });
}

test('the learner pages work at the spec\'s breakpoints xs 340, sm 640 and md 768: home, the square, the robots used, the dialogue page and the chat panel\'s dialogues', async ({ page, request }) => {
  const student = await newUser(request);
  await apiPost(request, '/api/ai/RobotUsed/save', { id: robot.id }, student.token);
  await signIn(page, student);
  for (const width of [340, 640, 768]) {
    await page.setViewportSize({ width, height: 740 });

    await page.goto('/home');
    await expect(chatInput(page)).toBeVisible();
    await expectOnScreen(page, page.locator('.chat-sender'));
    await expectOnScreen(page, footerNote(page));
    await expectFitsWindow(page);
    // 历史记录 and 清空's confirmation open within the window.
    await page.getByRole('button', { name: MSG.chatHistory }).click();
    const history = page.locator('.ant-popover').filter({ hasText: MSG.chatHistory });
    await expect(history).toBeVisible();
    await expectOnScreen(page, history);
    await page.getByRole('button', { name: MSG.chatHistory }).click();
    await expect(history).toBeHidden();
    await page.getByRole('button', { name: '清空对话' }).click();
    const confirm = page.locator('.ant-modal-confirm, .ant-modal').filter({ hasText: MSG.confirmClearChat }).first();
    await expectOnScreen(page, confirm);
    await page.getByRole('button', { name: '取消' }).click();
    await expect(confirm).toBeHidden();
    // The session side panel (rename, delete, 删除机器人): beside the chat from md, in a drawer below.
    if (width < 768) {
      await expect(page.getByRole('complementary', { name: '会话列表' })).toHaveCount(0);
      await page.getByRole('button', { name: '会话列表' }).click();
      const sessions = page.getByRole('dialog', { name: '会话列表' });
      await expectOnScreen(page, sessions.getByRole('button', { name: '删除机器人' }));
      await expectOnScreen(page, sessions.getByRole('button', { name: MSG.newSession }).first());
      if (width === 340) await shot(page, 'home-sessions-340');
      await sessions.getByRole('button', { name: /close|关闭/i }).first().click();
      await expect(sessions).toBeHidden();
    } else {
      await expectOnScreen(page, page.getByRole('complementary', { name: '会话列表' }).getByRole('button', { name: '删除机器人' }));
    }
    if (width === 340) await shot(page, 'home-340');

    await page.goto('/robotList');
    await expect(page.getByRole('heading', { name: '机器人广场' })).toBeVisible();
    await expect(page.locator('.robot-card').first()).toBeVisible();
    await expectOnScreen(page, page.getByLabel('搜索机器人'));
    // The industry tabs keep their room (not folded into a … menu beside the search box).
    await expectOnScreen(page, page.getByRole('tab', { name: '全部' }));
    await expectFitsWindow(page, { height: false });
    const card = (await page.locator('.robot-card').first().boundingBox())!;
    expect(card.x + card.width).toBeLessThanOrEqual(width);
    if (width === 340) await shot(page, 'square-340');

    // 最近使用 → 查看全部: the robots used, as cards with 移除.
    await page.goto('/my-used-robot');
    const used = page.locator('.robot-card', { hasText: robot.name });
    await expect(used).toBeVisible();
    await expectFitsWindow(page, { height: false });
    const usedBox = (await used.boundingBox())!;
    expect(usedBox.x + usedBox.width).toBeLessThanOrEqual(width);

    await page.goto(`/dialogueIndex?dialogueRid=${robot.id}`);
    await expect(chatInput(page)).toBeVisible();
    expect((await page.locator('.chat-sender').boundingBox())!.width).toBeGreaterThanOrEqual(Math.min(300, width - 48));
    await expectOnScreen(page, footerNote(page));
    await expectFitsWindow(page);

    await page.goto(`/robot/about/${robot.id}`);
    await expect(chatInput(page)).toBeVisible();
    expect((await page.locator('.chat-sender').boundingBox())!.width).toBeGreaterThanOrEqual(Math.min(300, width - 48));
    await expectOnScreen(page, footerNote(page));
    await expectFitsWindow(page);
  }
});
