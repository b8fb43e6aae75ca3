import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { MSG } from '@xueban/contract/messages';
import { Role } from '@xueban/contract/roles';
import { adminToken, apiGet, apiPost, freshMobile, newUser, type TestUser } from './api.ts';

/** Arranging a chat through the real API (provider, models, a robot) and reading the chat panel. */

export interface ModelSpec { model: string; capabilities: ('chat' | 'reasoning' | 'vision' | 'asr' | 'tts')[] }

/**
 * Registers a provider at `baseUrl` with these models; returns the provider's id and each
 * model's id by its name. Remove it when the fake stops (`removeProvider`): the server picks any
 * capable model for 深度思考 and pictures, and a dead one would answer other specs' questions.
 */
export async function registerModels(request: APIRequestContext, baseUrl: string, models: ModelSpec[]) {
  const admin = await adminToken(request);
  const provider = await apiPost<{ id: number }>(request, '/api/ai/admin.AiKey/save', { name: `E2E ${baseUrl}`, base_url: baseUrl, api_key: 'sk-e2e' }, admin);
  const ids: Record<string, number> = {};
  for (const m of models) {
    const made = await apiPost<{ id: number }>(request, '/api/ai/admin.AiModel/save', { provider_id: provider.id, model: m.model, label: m.model, capabilities: m.capabilities }, admin);
    ids[m.model] = made.id;
  }
  return { providerId: provider.id, ids };
}

/** Deletes a provider and its models. */
export async function removeProvider(request: APIRequestContext, providerId: number) {
  await apiPost(request, '/api/ai/admin.AiKey/delete', { id: providerId }, await adminToken(request));
}

export interface ChatRobot { id: number; name: string; sceneId: number; creator: TestUser }

export const PROLOGUE = '欢迎来问生物问题！';

/**
 * A creator makes a public, online robot with a prologue and four suggested questions, answered by
 * `models` (the chat model, and the reasoning model 深度思考 asks).
 */
export async function createChatRobot(
  request: APIRequestContext,
  models: { chat: number; reasoning?: number },
  namePrefix = '对话测试',
): Promise<ChatRobot> {
  const creator = await newUser(request, { roles: [Role.CREATOR] });
  const scenes = await apiGet<{ id: number }[]>(request, '/api/ai/Robot/getRobotScenes', {}, creator.token);
  const sceneId = scenes[0]!.id;
  const name = `${namePrefix}${freshMobile().slice(-5)}`;
  const made = await apiPost<{ id: number }>(request, '/api/ai/Robot/saveRobot', {
    name,
    scene_id: sceneId,
    msg: '你好，我是生物助手。',
    extra: { use_type: [1, 2], introduce: '解答生物问题', cover_url: '' },
    config: { onboarding_info: { prologue: PROLOGUE, suggested_questions: ['什么是光合作用？', '细胞有哪些结构？', '什么是遗传？', '第四个问题'], suggested_questions_show_mode: 0 } },
  }, creator.token);
  await apiPost(request, '/api/ai/Robot/updateRobotSetting', { id: made.id, is_show: 1, online_status: 1, is_public: 2 }, creator.token);
  await apiPost(request, '/api/ai/Robot/setRobotModel', { id: made.id, chat_model_id: models.chat, reasoning_model_id: models.reasoning ?? null }, creator.token);
  return { id: made.id, name, sceneId, creator };
}

/** A new student whose /home opens `robot` (the robot used last). */
export async function studentOf(request: APIRequestContext, robot: { id: number }): Promise<TestUser> {
  const student = await newUser(request);
  await apiPost(request, '/api/ai/RobotUsed/save', { id: robot.id }, student.token);
  return student;
}

export const chatInput = (page: Page) => page.getByPlaceholder(MSG.chatPlaceholder);
export const answers = (page: Page) => page.locator('.chat-answer');
export const questions = (page: Page) => page.locator('.chat-question');
/** The send button is enabled: no answer streams and the 200 ms after the last one are over (spec §4, §9). */
export const readyToSend = (page: Page) => expect(page.getByRole('button', { name: '发送' })).toBeEnabled();

export async function ask(page: Page, text: string) {
  await chatInput(page).fill(text);
  await readyToSend(page);
  await chatInput(page).press('Enter');
}
