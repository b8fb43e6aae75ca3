import { expect, test } from '@playwright/test';
import { MSG } from '@xueban/contract/messages';
import { apiGet, signIn, type TestUser } from '../support/api.ts';
import { PROLOGUE, answers, ask, chatInput as input, createChatRobot, registerModels, removeProvider, studentOf, type ChatRobot } from '../support/chat.ts';
import { gate, lastUserMessage, startFakeModel, textOf, type FakeModel, type ModelRequest } from '../support/fake-model.ts';
import { failOnPageErrors, toast } from '../support/shell.ts';

/**
 * The chat panel (spec §2 "Chat panel", §4 "Sending", §5): a student chats with a robot whose
 * model is a fake OpenAI-compatible server on this machine (the outside world, speaking its real
 * streaming protocol): the answer appears token by token, can be stopped and continued; the
 * chat is cleared; sessions switch through 历史记录; a blank send says 输入为空！; an unreachable
 * server gives the question back to the input.
 */

const NORMAL = ['光合作用', '是植物', '利用光能', '制造有机物', '的过程。'];
const SLOW = Array.from({ length: 30 }, (_, i) => `第${i + 1}段；`);
const CONTINUED = '——续写完毕。';
/** A rich answer: formula, table, code, runnable HTML, a diagram, and injected markup that must stay inert. */
const RICH = [
  '## 求根公式\n\n公式：$x = \\frac{-b \\pm \\sqrt{b^2-4ac}}{2a}$\n\n',
  '| 项 | 值 |\n|---|---|\n| a | 1 |\n\n',
  '```python\nprint("你好")\n```\n\n',
  '```html\n<p id="out">未运行</p><script>document.getElementById("out").textContent = "运行结果：" + 6 * 7;</script>\n```\n\n',
  '```mermaid\ngraph TD\n  A[开始] --> B[结束]\n```\n\n',
  '<img src=x onerror="window.__xss=1">\n\n[危险链接](javascript:window.__xss=2) ![跟踪](https://evil.example/p.png)\n',
];

/** When the slow answer may start: the stop test opens it once it has seen the waiting state. */
let slowStart = gate();
/** The first answer pauses halfway until the test has seen its first pieces. */
const halfway = gate();

/**
 * The fake model: slow for questions with 慢, a short ending for 继续, the rich answer for 演示,
 * a pause halfway through the answer to 什么是光合作用.
 */
function script(r: ModelRequest) {
  const lastUser = textOf(lastUserMessage(r));
  if (lastUser.includes('继续回答')) return { content: [CONTINUED] };
  if (lastUser.includes('慢')) return { content: [slowStart.opened, ...SLOW], gapMs: 400 };
  if (lastUser.includes('演示')) return { content: RICH };
  if (lastUser.includes('什么是光合作用')) return { content: [...NORMAL.slice(0, 2), halfway.opened, ...NORMAL.slice(2)] };
  return { content: NORMAL };
}

let fake: FakeModel;
let providerId: number;
let student: TestUser;
let robot: ChatRobot;

test.beforeAll(async ({ request }) => {
  fake = await startFakeModel(script);
  const registered = await registerModels(request, fake.baseUrl, [{ model: 'e2e-model', capabilities: ['chat'] }]);
  providerId = registered.providerId;
  robot = await createChatRobot(request, { chat: registered.ids['e2e-model']! });
  // The robot /home opens is the one used last.
  student = await studentOf(request, robot);
});
test.afterAll(async ({ request }) => {
  await removeProvider(request, providerId);
  await fake.close();
});

failOnPageErrors();

// The tests build on one student's conversations (the sessions test finds the first test's
// question): a retry must start again from the first test, in a fresh worker with a fresh student.
test.describe.configure({ mode: 'serial' });


test('a student chats on /home: empty chat, 输入为空！, a streamed answer token by token, related questions', async ({ page }) => {
  await signIn(page, student);
  await page.goto('/home');
  await expect(page.getByRole('tab', { name: MSG.chatView })).toBeVisible();
  await expect(page.getByText(robot.name).first()).toBeVisible();
  await expect(page.getByText(PROLOGUE)).toBeVisible();
  // The first 3 suggested questions (show mode 0).
  await expect(page.getByText('什么是遗传？')).toBeVisible();
  await expect(page.getByText('第四个问题')).toHaveCount(0);

  await input(page).fill('   ');
  await page.getByRole('button', { name: '发送' }).click();
  await expect(toast(page, MSG.emptyInput)).toBeVisible();
  await expect(page.locator('.chat-question')).toHaveCount(0);

  await page.getByText('什么是光合作用？').click();
  await expect(page.locator('.chat-question')).toContainText('什么是光合作用？');
  // Token by token: the first pieces show before the last has arrived.
  await expect(answers(page).last()).toContainText('光合作用是植物');
  await expect(answers(page).last()).not.toContainText('的过程。');
  halfway.open();
  await expect(answers(page).last()).toContainText(NORMAL.join(''));
  await expect(page.getByText('叶绿体有什么作用？')).toBeVisible();
  await expect(page.getByText(MSG.aiFooter)).toBeVisible();
  await expect(page.getByRole('button', { name: '发送' })).toBeEnabled();
});

test('停止回答 keeps the partial answer and 继续 completes it', async ({ page }) => {
  await signIn(page, student);
  await page.goto('/home');
  slowStart = gate();
  await ask(page, '请慢慢讲讲细胞');
  const stop = page.getByRole('button', { name: MSG.stopAnswer });
  await expect(page.getByText(MSG.waitingReply)).toBeVisible();
  await expect(stop).toBeDisabled();
  slowStart.open();
  await expect(answers(page).last()).toContainText('第1段');
  await expect(stop).toBeEnabled();
  await stop.click();
  await expect(stop).toHaveCount(0);
  // Stopped once the server has said so: the answer then offers 继续 (read before it, the text grew by it).
  await expect(answers(page).last().getByRole('button', { name: MSG.continueAnswer })).toBeVisible();
  const partial = await answers(page).last().innerText();
  expect(partial).not.toContain('第30段');
  await page.waitForTimeout(1000);
  // Nothing more arrives once stopped.
  expect(await answers(page).last().innerText()).toBe(partial);

  await answers(page).last().getByRole('button', { name: MSG.continueAnswer }).click();
  await expect(answers(page).last()).toContainText(CONTINUED);
  await expect(answers(page).last().getByRole('button', { name: MSG.continueAnswer })).toHaveCount(0);
});

test('a reply renders markdown safely: formula, table, copyable code, sandboxed HTML run, a diagram; injected markup stays inert', async ({ page, context, request }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // A reader of their own, so the other tests' sessions keep their exact history.
  const reader = await studentOf(request, robot);
  await signIn(page, reader);
  const outside: string[] = [];
  page.on('request', (r) => !r.url().startsWith('http://127.0.0.1') && !r.url().startsWith('data:') && outside.push(r.url()));
  await page.goto('/home');
  await ask(page, '演示一下排版');
  const reply = answers(page).last();
  await expect(reply.locator('.katex').first()).toBeVisible();
  await expect(reply.locator('table td').first()).toHaveText('a');
  await expect(reply.locator('.chat-md-mermaid-svg svg')).toBeVisible();

  const python = reply.locator('.chat-md-code').filter({ hasText: 'python' });
  await python.getByRole('button', { name: MSG.mdCopy }).click();
  await expect(python.getByRole('button', { name: MSG.mdCopied })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('print("你好")');

  // The HTML runs in an opaque-origin sandbox: scripts yes, our page no.
  await reply.getByRole('button', { name: MSG.mdRun }).click();
  const frame = page.frameLocator('iframe.chat-md-html-preview');
  await expect(frame.locator('#out')).toHaveText('运行结果：42');
  await expect(page.locator('iframe.chat-md-html-preview')).toHaveAttribute('sandbox', 'allow-scripts');
  await page.keyboard.press('Escape');

  // Raw HTML shows as text, a javascript: link is plain text, a foreign picture is only a link.
  await expect(reply).toContainText('<img src=x onerror=');
  await expect(reply.locator('img[src="x"]')).toHaveCount(0);
  await expect(reply.locator('.chat-md-plain-link')).toHaveText('危险链接');
  await expect(reply.locator('img[src*="evil.example"]')).toHaveCount(0);
  await expect(reply.locator('a.chat-md-external-image')).toHaveAttribute('href', 'https://evil.example/p.png');
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(outside).toEqual([]);
  // Loading the highlighter, KaTeX and mermaid is not mistaken for a new release.
  await expect(page.getByText('发现新版本')).toHaveCount(0);
  await reply.screenshot({ path: test.info().outputPath('chat-markdown.png') });
});

test('sessions: 新建会话, switching through 历史记录, 清空 and an unreachable server', async ({ page }) => {
  await signIn(page, student);
  await page.goto('/home');
  await expect(page.locator('.chat-question').first()).toContainText('什么是光合作用？');

  await page.locator('.chat-session-bar').getByRole('button', { name: MSG.newSession }).click();
  await expect(page.getByText(PROLOGUE)).toBeVisible();
  await ask(page, '第二个会话的问题');
  await expect(answers(page).last()).toContainText(NORMAL.join(''));

  // 历史记录 lists both sessions, newest first; the older one brings its messages back.
  await page.getByRole('button', { name: MSG.chatHistory }).click();
  const items = page.locator('.chat-history-item');
  await expect(items).toHaveCount(2);
  await items.nth(1).click();
  await expect(page.locator('.chat-question').first()).toContainText('什么是光合作用？');
  // (Its name, taken from its first question, stays in the session lists.)
  await expect(page.locator('.chat-question', { hasText: '第二个会话的问题' })).toHaveCount(0);

  // The server unreachable: both new messages go and the question is back in the input.
  await page.route('**/api/ai/chat/stream', (route) => route.abort('connectionrefused'));
  const before = await page.locator('.chat-question').count();
  await ask(page, '断网时的问题');
  await expect(input(page)).toHaveValue('断网时的问题');
  await expect(page.locator('.chat-question')).toHaveCount(before);
  await page.unroute('**/api/ai/chat/stream');

  await page.getByRole('button', { name: '清空对话' }).click();
  await expect(page.locator('.ant-modal-confirm-title')).toHaveText(MSG.confirmClearChat);
  await page.locator('.ant-modal-confirm').getByRole('button', { name: '确定' }).click();
  await expect(toast(page, MSG.cleared)).toBeVisible();
  await expect(page.getByText(PROLOGUE)).toBeVisible();
  await expect(page.locator('.chat-question')).toHaveCount(0);
});

test('the /home session panel renames and deletes a session, and deletes the robot', async ({ page, request }) => {
  await signIn(page, student);
  await page.goto('/home');
  const panel = page.getByRole('complementary', { name: '会话列表' });
  const items = panel.getByRole('listitem');
  const more = (i: number) => items.nth(i).getByRole('button', { name: '更多操作' });
  await expect(items).toHaveCount(2);

  await items.first().hover();
  await more(0).click();
  await page.getByRole('menuitem', { name: '重命名' }).click();
  await page.getByLabel('会话名称').fill('生物复习');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, MSG.updated)).toBeVisible();
  await expect(items.first()).toHaveText('生物复习');
  await expect(page.locator('.chat-session-name')).toHaveText('生物复习');
  const renamed = panel.getByRole('button', { name: '生物复习', exact: true });
  await expect(renamed).toHaveAttribute('aria-current', 'true');
  await expect(renamed).toHaveAttribute('title', '生物复习');

  // The keyboard selects a session (Enter and Space on the focused item), and back.
  const second = items.nth(1).getByRole('button').first();
  await second.focus();
  await page.keyboard.press('Enter');
  await expect(second).toHaveAttribute('aria-current', 'true');
  await expect(renamed).not.toHaveAttribute('aria-current', 'true');
  await renamed.focus();
  await page.keyboard.press('Space');
  await expect(renamed).toHaveAttribute('aria-current', 'true');
  await expect(page.locator('.chat-session-name')).toHaveText('生物复习');

  await items.nth(1).hover();
  await more(1).click();
  await page.getByRole('menuitem', { name: '删除' }).click();
  await expect(page.locator('.ant-modal-confirm-title')).toHaveText(MSG.confirmDeleteSession);
  await page.locator('.ant-modal-confirm').getByRole('button', { name: '删除' }).click();
  await expect(toast(page, MSG.deleted)).toBeVisible();
  await expect(items).toHaveCount(1);
  // The next 删除成功 must be a new toast.
  await expect(toast(page, MSG.deleted)).toHaveCount(0);

  await panel.getByRole('button', { name: '删除机器人' }).click();
  await expect(page.locator('.ant-modal-confirm-title')).toHaveText(MSG.confirmDeleteRobot);
  await page.locator('.ant-modal-confirm').getByRole('button', { name: '删除' }).click();
  await expect(toast(page, MSG.deleted)).toBeVisible();
  // Its conversations are gone (/home may open it afresh as the organisation's public robot).
  const sessions = await apiGet<{ data: { name: string }[] }>(request, '/api/ai/ChatCategory/lists', { r_id: robot.id, page: 1, limit: 15 }, student.token);
  expect(sessions.data.map((s) => s.name)).not.toContain('生物复习');
  const used = await apiGet<{ data: { rid: number }[] }>(request, '/api/ai/RobotUsed/lists', { page: 1, limit: 50 }, student.token);
  expect(used.data.map((u) => u.rid)).not.toContain(robot.id);
});
