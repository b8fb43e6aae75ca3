import { and, asc, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { MSG } from '@xueban/contract/messages';
import type { ChatModelInfo, ModelCapability, RobotModelInfo, robotModelBody } from '@xueban/contract/ai-models';
import type { Deps } from '../../types.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { aiModels, aiProviders, robotModels } from '../../db/schema/chat.ts';
import { resolveChatModel } from './model-choice.ts';
import { badRequest } from '../../lib/errors.ts';
import { LEVELS, loadManaged, loadVisible } from '../robots/robot-access.ts';

/** Models a robot may pick: enabled, of an enabled provider. */
async function usableModels(db: Db) {
  return db
    .select({ id: aiModels.id, label: aiModels.label, model: aiModels.model, capabilities: aiModels.capabilities, isDefault: aiModels.isDefault })
    .from(aiModels)
    .innerJoin(aiProviders, eq(aiProviders.id, aiModels.providerId))
    .where(and(eq(aiModels.enabled, true), eq(aiProviders.enabled, true)))
    .orderBy(desc(aiModels.isDefault), asc(aiModels.sort), asc(aiModels.id));
}

export async function getRobotModel(db: Db, me: AuthContext, robotId: number): Promise<RobotModelInfo> {
  await loadManaged(db, me, robotId, LEVELS.view);
  const [choice] = await db.select().from(robotModels).where(eq(robotModels.robotId, robotId)).limit(1);
  const models = await usableModels(db);
  return {
    chat_model_id: choice?.chatModelId ?? null,
    reasoning_model_id: choice?.reasoningModelId ?? null,
    models: models.map((m) => ({ id: m.id, label: m.label, model: m.model, capabilities: m.capabilities, is_default: m.isDefault ? 1 : 0 })),
  };
}

/** A robot's chat and reasoning model; each must be usable and able to do its job. */
export async function setRobotModel(db: Db, me: AuthContext, body: z.infer<typeof robotModelBody>): Promise<void> {
  await loadManaged(db, me, body.id, LEVELS.edit);
  const models = new Map((await usableModels(db)).map((m) => [m.id, m]));
  const check = (id: number | null | undefined, cap: ModelCapability, msg: string) => {
    if (id && !models.get(id)?.capabilities.includes(cap)) throw badRequest(msg);
  };
  check(body.chat_model_id, 'chat', MSG.modelNeedsChat);
  check(body.reasoning_model_id, 'reasoning', MSG.modelNeedsReasoning);
  const patch = {
    ...(body.chat_model_id === undefined ? {} : { chatModelId: body.chat_model_id }),
    ...(body.reasoning_model_id === undefined ? {} : { reasoningModelId: body.reasoning_model_id }),
  };
  await db.insert(robotModels).values({ robotId: body.id, ...patch })
    .onConflictDoUpdate({ target: robotModels.robotId, set: Object.keys(patch).length ? patch : { robotId: body.id } });
}

/** 联网 needs a search provider: SearXNG, Bing or Bocha. */
export const webSearchConfigured = (config: Config) => !!(config.WEB_SEARCH_URL || config.BING_SEARCH_KEY || config.BOCHA_API_KEY);

/**
 * The chat panel's model line: which model answers this robot, and whether 深度思考 and image
 * questions reach a capable one; 内置引擎 when no model is configured.
 */
export async function chatModelInfo(deps: Deps, me: AuthContext, robotId: number): Promise<ChatModelInfo> {
  await loadVisible(deps.db, me, robotId);
  const network = webSearchConfigured(deps.config);
  const main = await resolveChatModel(deps, robotId);
  if (!main) return { model: MSG.builtinModel, builtin: true, tips: MSG.builtinModelTips, reasoning: false, vision: false, network };
  const [thinker, seer] = await Promise.all([
    resolveChatModel(deps, robotId, { reasoning: true }),
    resolveChatModel(deps, robotId, { vision: true }),
  ]);
  return {
    model: main.label,
    builtin: false,
    tips: main.tips,
    reasoning: !!thinker?.capabilities.includes('reasoning'),
    vision: !!seer?.capabilities.includes('vision'),
    network,
  };
}
