import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { MSG } from '@xueban/contract/messages';
import { BASE_URL, apiGet, apiPost, asUser, signIn, type TestUser } from '../support/api.ts';
import { answers, ask, createChatRobot, questions, readyToSend, registerModels, removeProvider, studentOf, type ChatRobot } from '../support/chat.ts';
import { lastUserMessage, startFakeModel, textOf, type FakeModel } from '../support/fake-model.ts';
import { failOnPageErrors } from '../support/shell.ts';

/**
 * What comes with an answer (issue 27): related questions a model gave as a JSON array show as
 * separate questions that each ask exactly their text; the session takes its name from the first
 * question, in the bar and in 历史记录; a cited source (a knowledge document) opens a drawer with
 * the passage and the document's name.
 */

const RELATED = ['床前明月光的下一句是什么？', '李白还写过哪些诗？', '静夜思表达了什么感情？'];
const PASSAGE = '《静夜思》是唐代诗人李白所作的一首五言古诗。诗人在寂静的月夜思念家乡，抬头望月，低头思乡，语言清新朴素而韵味含蓄无穷。';
const DOCUMENT = 'tangshi.txt';

let fake: FakeModel;
let providerId: number;
let robot: ChatRobot;

/** Uploads a text file to a knowledge base as its creator, trains it and waits until it is ready. */
async function trainText(request: APIRequestContext, token: string, kbId: number, name: string, text: string) {
  const t = await apiGet<{ policy: string; signature: string; host: string }>(request, '/api/uc/upload/getToken', { scene: 'knowledge' }, token);
  const res = await request.post(`${BASE_URL}${t.host}`, {
    headers: asUser(token),
    multipart: { policy: t.policy, signature: t.signature, file: { name, mimeType: 'text/plain', buffer: Buffer.from(text) } },
  });
  const file = ((await res.json()) as { data: { id: number } }).data;
  await apiPost(request, '/api/ai/knowledge/training', { type: 'file', repository_id: kbId, file_ids: [file.id] }, token);
  await expect.poll(async () => (await apiGet<{ ready: number }>(request, '/api/ai/knowledge/trainingtasks', { repository_id: kbId }, token)).ready, { timeout: 30_000 }).toBe(1);
}

test.beforeAll(async ({ request }) => {
  // The model answers every question plainly and gives related questions as a JSON array, as many models do.
  fake = await startFakeModel(() => ({ content: ['这首诗是', '李白写的。'] }), { related: () => JSON.stringify(RELATED) });
  const registered = await registerModels(request, fake.baseUrl, [{ model: 'e2e-answers', capabilities: ['chat'] }]);
  providerId = registered.providerId;
  robot = await createChatRobot(request, { chat: registered.ids['e2e-answers']! }, '古诗助手');
  const kb = await apiPost<{ id: number }>(request, '/api/ai/knowledge/save', { name: `唐诗${robot.id}`, info: '' }, robot.creator.token);
  await trainText(request, robot.creator.token, kb.id, DOCUMENT, PASSAGE);
  await apiPost(request, '/api/ai/Robot/bindContent', { robot_id: robot.id, type: 'repository', ids: [kb.id] }, robot.creator.token);
});
test.afterAll(async ({ request }) => {
  await removeProvider(request, providerId);
  await fake.close();
});

failOnPageErrors();

async function openHome(page: Page, student: TestUser) {
  await signIn(page, student);
  await page.goto('/home');
  await expect(page.getByText(robot.name).first()).toBeVisible();
}

test('related questions given as a JSON array show as three questions, each asking exactly its text', async ({ page, request }) => {
  await openHome(page, await studentOf(request, robot));
  await ask(page, '静夜思是谁写的？');
  await expect(answers(page).last()).toContainText('这首诗是李白写的。');
  const related = page.getByRole('list', { name: '相关问题' });
  await expect(related.getByRole('button')).toHaveText(RELATED);
  // Nothing of the JSON shows.
  await expect(page.locator('.chat-main')).not.toContainText('["');
  await expect(page.locator('.chat-main')).not.toContainText('"]');

  await readyToSend(page);
  await related.getByRole('button', { name: RELATED[1] }).click();
  await expect(questions(page)).toHaveCount(2);
  await expect(questions(page).last().locator('.chat-bubble-content')).toHaveText(RELATED[1]!);
  await expect(answers(page)).toHaveCount(2);
  await expect(answers(page).last()).toContainText('这首诗是李白写的。');
  expect(textOf(lastUserMessage(fake.requests.at(-1)!))).toBe(RELATED[1]);
});

test('the session takes its name from the first question, in the bar and in 历史记录', async ({ page, request }) => {
  await openHome(page, await studentOf(request, robot));
  await expect(page.locator('.chat-session-name')).toHaveText(MSG.newSession);
  await ask(page, '  床前明月光   是哪首诗？');
  await expect(answers(page).last()).toContainText('这首诗是李白写的。');
  await expect(page.locator('.chat-session-name')).toHaveText('床前明月光 是哪首诗？');
  await ask(page, '作者是谁？');
  await expect(answers(page)).toHaveCount(2);

  await page.locator('.chat-session-bar').getByRole('button', { name: MSG.newSession }).click();
  await ask(page, '李白是哪个朝代的？');
  await expect(answers(page).last()).toContainText('这首诗是李白写的。');
  await page.getByRole('button', { name: MSG.chatHistory }).click();
  const items = page.locator('.chat-history-item');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('李白是哪个朝代的？');
  await expect(items.nth(1)).toContainText('床前明月光 是哪首诗？');
});

test('a cited source opens a drawer with the passage and its document name', async ({ page, request }) => {
  await openHome(page, await studentOf(request, robot));
  await ask(page, '静夜思是谁写的？');
  const answer = answers(page).last();
  const sources = answer.getByLabel('参考来源');
  await expect(sources).toContainText(`1. ${DOCUMENT}`);
  await sources.getByRole('button', { name: DOCUMENT }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: DOCUMENT });
  await expect(drawer).toBeVisible();
  await expect(drawer).toContainText(PASSAGE);
  await page.waitForTimeout(400); // the drawer's opening animation
  await page.screenshot({ path: fileURLToPath(new URL('../../docs/screenshots/chat-source-drawer.png', import.meta.url)) });
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
});
