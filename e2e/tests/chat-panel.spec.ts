import { expect, test, type Page } from '@playwright/test';
import { MSG } from '@xueban/contract/messages';
import { apiPost, asUser, signIn, type TestUser } from '../support/api.ts';
import { PROLOGUE, answers, ask, chatInput, createChatRobot, questions, registerModels, removeProvider, studentOf, type ChatRobot } from '../support/chat.ts';
import { gate, lastUserMessage, startFakeModel, textOf, type ContentPart, type FakeModel, type ModelRequest } from '../support/fake-model.ts';
import { PNG, failOnPageErrors, shot, toast } from '../support/shell.ts';

/**
 * The chat panel beyond plain answers (spec §2, §4, §5): 深度思考 with the reasoning shown above
 * the answer, 联网 without a search provider, attachments read in the browser and pictures sent
 * as image parts (asserted at the fake model), the login prompt when the session has ended, the
 * routes that host the panel, session control, the 全文 popup. The model is a fake
 * OpenAI-compatible server on this machine.
 */

const REASONING = ['先回忆光合作用的原料，', '再想它的产物和场所，', '最后组织语言。'];
const ANSWER = ['光合作用', '在叶绿体中', '把光能变成化学能。'];
const LONG_PARAGRAPHS = Array.from({ length: 30 }, (_, i) => `第${i + 1}节：光合作用分为光反应和暗反应两个阶段，光反应在类囊体膜上进行。\n\n`);

const TEXT_MODEL = 'panel-text';
const VISION_MODEL = 'panel-vision';

/** When the reasoning and then the answer of a 思考 question may start: the test opens each. */
let thinkingHolds = { reasoning: gate(), content: gate() };

/** Reasoning before the answer for questions with 思考, a long answer for 长文. */
function script(r: ModelRequest) {
  const question = textOf(lastUserMessage(r));
  if (question.includes('思考')) {
    return { reasoning: [thinkingHolds.reasoning.opened, ...REASONING], content: [thinkingHolds.content.opened, ...ANSWER] };
  }
  if (question.includes('长文')) return { content: LONG_PARAGRAPHS, gapMs: 20 };
  return { content: ANSWER };
}

let fake: FakeModel;
let providerId: number;
let robot: ChatRobot;

test.beforeAll(async ({ request }) => {
  fake = await startFakeModel(script);
  const registered = await registerModels(request, fake.baseUrl, [
    { model: TEXT_MODEL, capabilities: ['chat', 'reasoning'] },
    { model: VISION_MODEL, capabilities: ['chat', 'vision'] },
  ]);
  providerId = registered.providerId;
  const text = registered.ids[TEXT_MODEL]!;
  robot = await createChatRobot(request, { chat: text, reasoning: text }, '面板测试');
});
test.afterAll(async ({ request }) => {
  await removeProvider(request, providerId);
  await fake.close();
});

failOnPageErrors();

/** A button by its text (icons add their own names before it). */
const button = (page: Page, text: string) => page.getByRole('button', { name: new RegExp(`${text}$`) });
const loginDialog = (page: Page) => page.getByRole('dialog', { name: '登录', exact: true });
const requestsSince = (n: number) => fake.requests.slice(n);
const systemPrompt = (r: ModelRequest) => textOf(r.messages.find((m) => m.role === 'system'));

async function openHome(page: Page, user: TestUser) {
  await signIn(page, user);
  await page.goto('/home');
  await expect(chatInput(page)).toBeVisible();
}

test('深度思考: the reasoning streams above the answer, collapsible; 停止回答 turns on with it; 联网 says it is not configured', async ({ page, request }) => {
  await openHome(page, await studentOf(request, robot));
  await shot(page, 'chat-empty');
  const web = button(page, MSG.webSearch);
  const think = button(page, MSG.deepThinking);
  await expect(web).toBeDisabled();
  // A disabled button takes no pointer: its wrapper carries the tooltip.
  await page.locator('.chat-switch', { has: web }).hover();
  await expect(page.getByRole('tooltip')).toHaveText(MSG.webSearchNotConfigured);

  await think.click();
  await expect(think).toHaveAttribute('aria-pressed', 'true');
  thinkingHolds = { reasoning: gate(), content: gate() };
  const before = fake.requests.length;
  await ask(page, '请思考：光合作用是什么？');
  const stop = button(page, MSG.stopAnswer);
  await expect(page.getByText(MSG.waitingReply)).toBeVisible();
  await expect(stop).toBeDisabled();

  thinkingHolds.reasoning.open();
  const reply = answers(page).last();
  const reasoning = reply.locator('.chat-think');
  await expect(reasoning).toContainText(REASONING.join(''));
  // Reasoning alone enables 停止回答, before any of the answer has come.
  await expect(stop).toBeEnabled();
  await expect(page.getByText(MSG.waitingReply)).toHaveCount(0);
  await expect(reply.locator('.chat-md')).toHaveCount(0);

  thinkingHolds.content.open();
  await expect(reply.locator('.chat-md')).toHaveText(ANSWER.join(''));
  const [thinkBox, answerBox] = [await reasoning.boundingBox(), await reply.locator('.chat-md').boundingBox()];
  expect(thinkBox!.y + thinkBox!.height).toBeLessThanOrEqual(answerBox!.y);
  expect(requestsSince(before).map((r) => r.model)).toEqual([TEXT_MODEL]);
  // The answer is complete once the fake's related questions show.
  await expect(page.getByText('叶绿体有什么作用？')).toBeVisible();
  await shot(page, 'chat-reasoning');

  // Collapsible: the toggle hides the reasoning and brings it back.
  const toggle = reasoning.getByRole('button', { name: MSG.deepThinking });
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(reasoning).not.toContainText(REASONING[0]!);
  await toggle.press('Enter');
  await expect(reasoning).toContainText(REASONING[0]!);
});

test('attachments: txt, md and csv text reaches the model, the question shows the file tags; the spec refusals', async ({ page, request }) => {
  await openHome(page, await studentOf(request, robot));
  const picker = page.getByTestId('chat-attach-input');
  const tags = page.getByLabel('附件', { exact: true }).locator('.ant-tag');
  await picker.setInputFiles([
    { name: '笔记.txt', mimeType: 'text/plain', buffer: Buffer.from('叶绿体是光合作用的场所。') },
    { name: '要点.md', mimeType: 'text/markdown', buffer: Buffer.from('# 要点\n光反应产生氧气。') },
    { name: '数据.csv', mimeType: 'text/csv', buffer: Buffer.from('因素,影响,备注\n光照强度,正相关,忽略此列\n') },
  ]);
  await expect(tags).toHaveText(['笔记.txt', '要点.md', '数据.csv']);
  const before = fake.requests.length;
  await ask(page, '总结一下这些附件');
  await expect(answers(page).last()).toContainText(ANSWER.join(''));
  await expect(questions(page).last().locator('.ant-tag')).toHaveText(['笔记.txt', '要点.md', '数据.csv']);
  await expect(tags).toHaveCount(0);

  const [sent] = requestsSince(before);
  const prompt = systemPrompt(sent!);
  expect(prompt).toContain('叶绿体是光合作用的场所。');
  expect(prompt).toContain('光反应产生氧气。');
  // A csv gives its header row and first two columns (spec §5).
  expect(prompt).toContain('因素\t影响\n光照强度\t正相关');
  expect(prompt).not.toContain('忽略此列');
  expect(textOf(lastUserMessage(sent!))).toBe('总结一下这些附件');

  const small = (i: number) => ({ name: `第${i}份.txt`, mimeType: 'text/plain', buffer: Buffer.from(`内容${i}`) });
  await picker.setInputFiles([1, 2, 3, 4, 5, 6].map(small));
  await expect(toast(page, MSG.attachmentTooMany)).toBeVisible();
  await expect(tags).toHaveCount(0);

  await picker.setInputFiles({ name: '太大.txt', mimeType: 'text/plain', buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 'a') });
  await expect(toast(page, MSG.attachmentTooLarge)).toBeVisible();
  await expect(tags).toHaveCount(0);

  // An empty file, and one of blanks only: nothing to read in either.
  await picker.setInputFiles([
    { name: '空白.txt', mimeType: 'text/plain', buffer: Buffer.alloc(0) },
    { name: '空格.md', mimeType: 'text/markdown', buffer: Buffer.from('  \n ') },
  ]);
  await expect(toast(page, MSG.noTextExtracted)).toHaveCount(2);
  await expect(tags).toHaveCount(0);
});

test('a picture is uploaded and reaches a vision model as an image part at detail high', async ({ page, request }) => {
  await openHome(page, await studentOf(request, robot));
  await page.getByTestId('chat-attach-input').setInputFiles({ name: '叶片.png', mimeType: 'image/png', buffer: PNG });
  const before = fake.requests.length;
  await expect(button(page, '发送')).toBeEnabled();
  await ask(page, '图里是什么？');
  await expect(answers(page).last()).toContainText(ANSWER.join(''));
  await expect(questions(page).last().locator('img')).toHaveAttribute('src', /\/api\/files\//);

  const [sent] = requestsSince(before);
  expect(sent!.model).toBe(VISION_MODEL);
  const parts = lastUserMessage(sent!)!.content as ContentPart[];
  expect(parts).toEqual([
    { type: 'text', text: '图里是什么？' },
    // Our own picture goes inline: the provider could neither log in nor reach this server.
    { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG.toString('base64')}`, detail: 'high' } },
  ]);
});

test('a visitor whose session ended gets 您尚未登录，请先登录后再操作 on the robot page, and a logged-out visit goes to the login', async ({ page, request }) => {
  await page.goto(`/robot/about/${robot.id}`);
  await expect(page).toHaveURL(/\/home$/);
  await expect(loginDialog(page)).toBeVisible();

  const visitor = await studentOf(request, robot);
  await signIn(page, visitor);
  await page.goto(`/robot/about/${robot.id}`);
  await expect(page.getByText(PROLOGUE)).toBeVisible();
  // Logged out elsewhere (another tab or device): this page does not know yet.
  await apiPost(request, '/api/uc/passport/doLogout', {}, visitor.token);
  await ask(page, '还在吗？');
  const prompt = page.locator('.ant-modal-confirm');
  await expect(prompt.locator('.ant-modal-confirm-title')).toHaveText(MSG.notLoggedIn);
  await expect(chatInput(page)).toHaveValue('还在吗？');
  await expect(questions(page)).toHaveCount(0);
  await prompt.getByRole('button', { name: '登录' }).click();
  await expect(loginDialog(page)).toBeVisible();
});

test.describe('the routes that host the chat', () => {
  test('/dialogueIndex?dialogueRid= chats with that robot', async ({ page, request }) => {
    await signIn(page, await studentOf(request, robot));
    await page.goto(`/dialogueIndex?dialogueRid=${robot.id}`);
    await expect(page.getByText(robot.name).first()).toBeVisible();
    await expect(page.getByText(PROLOGUE)).toBeVisible();
    await ask(page, '你好');
    await expect(answers(page).last()).toContainText(ANSWER.join(''));
  });

  test('/external-dialogue?rid=&embed=1 is the chat alone, without header or sidebar', async ({ page, request }) => {
    await signIn(page, await studentOf(request, robot));
    await page.goto(`/external-dialogue?rid=${robot.id}&embed=1`);
    await expect(page.getByText(PROLOGUE)).toBeVisible();
    await expect(chatInput(page)).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('complementary', { name: '侧边栏' })).toHaveCount(0);
    await ask(page, '你好');
    await expect(answers(page).last()).toContainText(ANSWER.join(''));
    await expect(page.getByText('叶绿体有什么作用？')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('embed.png') });
  });

  test('/appAssistant/appScene/{sceneId}?rid= shows the chat slot beside the robot list, its session bar within the column', async ({ page, request }) => {
    await signIn(page, await studentOf(request, robot));
    await page.goto(`/appAssistant/appScene/${robot.sceneId}?rid=${robot.id}`);
    await expect(page.getByText(PROLOGUE)).toBeVisible();
    await expect(chatInput(page)).toBeVisible();
    // The chat column is narrow here: the bar shows icons, none cut off, and the session name shows.
    await expect(page.locator('.chat-session-name')).toHaveText(MSG.newSession);
    const column = (await page.locator('.chat-main').boundingBox())!;
    const clear = (await page.getByRole('button', { name: '清空对话' }).boundingBox())!;
    expect(clear.x + clear.width).toBeLessThanOrEqual(column.x + column.width);
    expect((await page.locator('.chat-session-name').boundingBox())!.width).toBeGreaterThan(40);
  });
});

test('session control: the newest session is selected and named, 历史记录 lists both with time labels', async ({ page, request }) => {
  const student = await studentOf(request, robot);
  await apiPost(request, '/api/ai/ChatCategory/save', { r_id: robot.id, name: '较早的会话' }, student.token);
  await apiPost(request, '/api/ai/ChatCategory/save', { r_id: robot.id, name: '最新的会话' }, student.token);
  await openHome(page, student);
  await expect(page.locator('.chat-session-name')).toHaveText('最新的会话');
  await button(page, MSG.chatHistory).click();
  const items = page.locator('.chat-history-item');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toHaveClass(/is-current/);
  await expect(items.first()).toContainText('最新的会话');
  // Made today: the label is the time alone (spec §9).
  await expect(items.first()).toContainText(/\d{2}:\d{2}$/);
});

test('历史记录 says 暂无历史 when no session could be made', async ({ page, request }) => {
  const student = await studentOf(request, robot);
  await page.route('**/api/ai/ChatCategory/save', (route) => route.fulfill({ json: { code: 40000, msg: '创建失败', data: null } }));
  await openHome(page, student);
  await expect(page.getByText(PROLOGUE)).toBeVisible();
  await button(page, MSG.chatHistory).click();
  await expect(page.locator('.ant-popover').getByText(MSG.noHistory)).toBeVisible();
});

test('a long answer offers 全文, which shows it whole in a popup', async ({ page, request }) => {
  await openHome(page, await studentOf(request, robot));
  await ask(page, '写一篇长文');
  const reply = answers(page).last();
  await expect(reply).toContainText('第30节');
  await reply.getByRole('button', { name: MSG.mdFullText }).click();
  const popup = page.getByRole('dialog', { name: MSG.mdFullText });
  await expect(popup).toContainText('第1节');
  await expect(popup).toContainText('第30节');
});

test('a long conversation opens at its newest exchange, loads older ones at the top without moving the reading place, and follows a new answer', async ({ page, request }) => {
  const student = await studentOf(request, robot);
  const session = await apiPost<{ id: number }>(request, '/api/ai/ChatCategory/save', { r_id: robot.id }, student.token);
  // 25 exchanges: the first page of the history holds the newest 20.
  for (let i = 1; i <= 25; i++) {
    const res = await request.post('/api/ai/chat/stream', { headers: asUser(student.token), data: { category_id: session.id, question: `第${i}个问题` } });
    expect(await res.text()).toContain('event: close');
  }
  await openHome(page, student);
  const log = page.getByRole('log', { name: '对话消息' });
  const question = (i: number) => questions(page).filter({ hasText: `第${i}个问题` });
  await expect(question(25)).toBeInViewport();
  await expect(answers(page).last()).toBeInViewport();
  await expect(question(5)).toHaveCount(0);

  // At the top the older page loads; what the learner was reading stays where it was.
  const topOf = (i: number) => question(i).evaluate((el) => Math.round(el.getBoundingClientRect().top));
  // Measured in the same task as the scroll, before the older page can arrive.
  const before = await log.evaluate((el) => {
    el.scrollTop = 0;
    const sixth = Array.from(el.querySelectorAll('.chat-question')).find((q) => q.textContent?.includes('第6个问题'));
    return Math.round(sixth!.getBoundingClientRect().top);
  });
  await expect(question(5)).toHaveCount(1);
  await expect(question(1)).toHaveCount(1);
  expect(Math.abs((await topOf(6)) - before)).toBeLessThanOrEqual(2);
  await expect(question(6)).toBeInViewport();
  await expect(question(1)).not.toBeInViewport();
  await shot(page, 'chat-long-conversation');

  // Back at the bottom, a long answer is followed to its last paragraph as it streams in.
  await log.evaluate((el) => { el.scrollTop = el.scrollHeight; });
  await ask(page, '请写一篇长文');
  await expect(answers(page).last()).toContainText('第30节');
  await expect(answers(page).last().getByText('第30节')).toBeInViewport();
});
