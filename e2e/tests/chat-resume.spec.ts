import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { signIn, type TestUser } from '../support/api.ts';
import { answers, ask, chatInput, createChatRobot, questions, registerModels, removeProvider, studentOf, type ChatRobot } from '../support/chat.ts';
import { gate, startFakeModel, type FakeModel } from '../support/fake-model.ts';
import { failOnPageErrors } from '../support/shell.ts';

/**
 * Issue 24: the connection of a streaming answer breaks (a network blip, a node behind the load
 * balancer gone): the panel sends the same question again (same client_msg_id), the server replays
 * what it has and relays the rest live, and the student sees one question and one whole answer.
 */
const PIECES = Array.from({ length: 12 }, (_, i) => `第${i + 1}步；`);

let fake: FakeModel;
let providerId: number;
let student: TestUser;
let robot: ChatRobot;
/** The answer waits here after its first pieces, until the test has broken the connection. */
let broken = gate();

test.beforeAll(async ({ request }) => {
  fake = await startFakeModel(() => ({ content: [...PIECES.slice(0, 3), broken.opened, ...PIECES.slice(3)], gapMs: 150 }));
  const registered = await registerModels(request, fake.baseUrl, [{ model: 'e2e-resume', capabilities: ['chat'] }]);
  providerId = registered.providerId;
  robot = await createChatRobot(request, { chat: registered.ids['e2e-resume']! }, '续传测试');
  student = await studentOf(request, robot);
});
test.afterAll(async ({ request }) => {
  await removeProvider(request, providerId);
  await fake.close();
});

failOnPageErrors();

test('a stream whose connection breaks mid-answer is re-sent and resumed: one question, the whole answer once', async ({ page }) => {
  broken = gate();
  // The browser's first answer stream breaks after its second piece (a read error, as a dropped
  // connection gives); the server is left running the answer.
  await page.addInitScript(() => {
    const original = window.fetch.bind(window);
    let done = false;
    window.fetch = async (input, init) => {
      const res = await original(input, init);
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (done || !url.includes('/api/ai/chat/stream') || !res.body) return res;
      done = true;
      const reader = res.body.getReader();
      const text = new TextDecoder();
      let seen = '';
      const body = new ReadableStream<Uint8Array>({
        async pull(c) {
          const { done: end, value } = await reader.read();
          if (end) return c.close();
          c.enqueue(value);
          seen += text.decode(value, { stream: true });
          if (seen.split('event: chat').length > 2) {
            void reader.cancel();
            c.error(new TypeError('network error'));
            (window as unknown as { __broke: boolean }).__broke = true;
          }
        },
      });
      return new Response(body, { status: res.status, headers: res.headers });
    };
  });
  const sends: string[] = [];
  page.on('request', (r) => { if (r.url().includes('/api/ai/chat/stream')) sends.push(r.postData() ?? ''); });
  await signIn(page, student);
  await page.goto('/home');
  await ask(page, '请一步一步讲');
  await page.waitForFunction(() => (window as unknown as { __broke?: boolean }).__broke === true);
  broken.open();

  const whole = PIECES.join('');
  await expect(answers(page).last()).toContainText(whole);
  await expect(page.getByRole('button', { name: '发送' })).toBeEnabled();
  // Re-sent once, the same body (same client_msg_id); one question; each piece shown once.
  expect(sends).toHaveLength(2);
  expect(JSON.parse(sends[1]!)).toEqual(JSON.parse(sends[0]!));
  await expect(questions(page)).toHaveCount(1);
  const shown = await answers(page).last().innerText();
  for (const p of PIECES) expect(shown.split(p).length - 1).toBe(1);
  await expect(chatInput(page)).toHaveValue('');
  // One model call: the re-send watched the answer, it did not ask again.
  expect(fake.requests.filter((r) => r.stream).length).toBe(1);
  await page.waitForTimeout(400);
  await page.screenshot({ path: fileURLToPath(new URL('../../docs/screenshots/resume-reconnected.png', import.meta.url)) });
});
