import OpenAI from 'openai';
import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { aiModels, aiProviders, robotModels, type ModelCapability } from '../db/schema/chat.ts';
import type { Egress, EgressFetch } from '../lib/egress.ts';
import { open, seal } from './secret-box.ts';

/** A model ready to call: the provider's client plus what the pipeline needs to know of it. */
export interface ResolvedModel {
  id: number;
  model: string;
  label: string;
  capabilities: ModelCapability[];
  contextWindow: number;
  tips: string;
  client: OpenAI;
}

export interface ModelNeeds {
  /** 深度思考: prefer the robot's reasoning model, then any reasoning-capable one. */
  reasoning?: boolean;
  /** The question has image parts: prefer a vision-capable model. */
  vision?: boolean;
}

/** What a call needs of a chosen model and its provider, as one flat row. */
const choiceFields = {
  id: aiModels.id,
  model: aiModels.model,
  label: aiModels.label,
  capabilities: aiModels.capabilities,
  contextWindow: aiModels.contextWindow,
  tips: aiModels.tips,
  providerId: aiModels.providerId,
  baseUrl: aiProviders.baseUrl,
  apiKeyEnc: aiProviders.apiKeyEnc,
  providerUpdatedAt: aiProviders.updatedAt,
};

type ProviderKey = Pick<typeof aiProviders.$inferSelect, 'id' | 'baseUrl' | 'apiKeyEnc' | 'updatedAt'>;

/** Clients are cached per provider version, so a key or URL change takes effect at once. */
const clientsByFetch = new WeakMap<EgressFetch, Map<number, { version: string; client: OpenAI }>>();

export function clientFor(p: ProviderKey, config: Config, fetch: EgressFetch): OpenAI {
  // One client per provider: an edit (newer updated_at) or another secret replaces it.
  const version = `${p.updatedAt.getTime()}:${config.APP_SECRET.slice(0, 8)}:${p.baseUrl}`;
  let clients = clientsByFetch.get(fetch);
  if (!clients) clientsByFetch.set(fetch, (clients = new Map()));
  const cached = clients.get(p.id);
  let client = cached?.version === version ? cached.client : undefined;
  if (!client) {
    client = new OpenAI({
      baseURL: p.baseUrl,
      // Local servers (Ollama, vLLM) take any key; the SDK insists on one.
      apiKey: open(config.APP_SECRET, p.apiKeyEnc) || 'none',
      fetch,
      maxRetries: 1,
      timeout: config.LLM_IDLE_TIMEOUT_MS,
    });
    clients.set(p.id, { version, client });
  }
  return client;
}

const usable = and(eq(aiModels.enabled, true), eq(aiProviders.enabled, true));
const has = (cap: ModelCapability) => sql`${cap} = any(${aiModels.capabilities})`;

/**
 * Which model answers a robot's question: the robot's own choice, else the platform default,
 * else any enabled chat model; for 深度思考 and image questions a capable model is preferred.
 * Each enabled model is ranked by the first preference it meets, then default, sort and id break
 * ties among equals. No row: no model is configured, and the built-in engine answers.
 *
 * A query, so that the chat can fold it into the one that reads the session (before the first
 * token of every answer): `robotId` is then that query's robot column.
 */
export function chatModelChoice(db: Db, robotId: number | AnyPgColumn, needs: ModelNeeds = {}) {
  // The robot's choice (at most one row, robot_id is its key) joins every model row; null when none.
  const preferences: SQL[] = [];
  if (needs.reasoning) preferences.push(eq(aiModels.id, robotModels.reasoningModelId), has('reasoning'));
  if (needs.vision) preferences.push(and(has('vision'), has('chat'))!);
  preferences.push(eq(aiModels.id, robotModels.chatModelId), has('chat'));
  const rank = sql`case ${sql.join(preferences.map((p, i) => sql`when ${p} then ${sql.raw(String(i))}`), sql` `)} end`;
  return db
    .select(choiceFields)
    .from(aiModels)
    .innerJoin(aiProviders, eq(aiProviders.id, aiModels.providerId))
    .leftJoin(robotModels, eq(robotModels.robotId, robotId))
    .where(and(usable, or(...preferences)))
    .orderBy(rank, desc(aiModels.isDefault), asc(aiModels.sort), asc(aiModels.id))
    .limit(1);
}

export type ModelChoice = Awaited<ReturnType<typeof chatModelChoice>>[number];

/** The model that answers a robot's question (see chatModelChoice); null: the built-in engine. */
export async function resolveChatModel(
  deps: { db: Db; config: Config; egress: Pick<Egress, 'model'> },
  robotId: number,
  needs: ModelNeeds = {},
): Promise<ResolvedModel | null> {
  const [row] = await chatModelChoice(deps.db, robotId, needs);
  return toResolved(row ?? null, deps);
}

/** The platform's model for a capability other than chat (embedding, rerank): the default first, then by sort. */
export async function resolveModelFor(
  deps: { db: Db; config: Config; egress: Pick<Egress, 'model'> },
  capability: Exclude<ModelCapability, 'chat'>,
): Promise<ResolvedModel | null> {
  const [row] = await deps.db
    .select(choiceFields)
    .from(aiModels)
    .innerJoin(aiProviders, eq(aiProviders.id, aiModels.providerId))
    .where(and(usable, has(capability)))
    .orderBy(desc(aiModels.isDefault), asc(aiModels.sort), asc(aiModels.id))
    .limit(1);
  return toResolved(row ?? null, deps);
}

/** A chosen model ready to call; null for none (a left join that found none gives a row of nulls). */
export function toResolved(c: ModelChoice | null, deps: { config: Config; egress: Pick<Egress, 'model'> }): ResolvedModel | null {
  if (c?.id == null) return null;
  const provider = { id: c.providerId, baseUrl: c.baseUrl, apiKeyEnc: c.apiKeyEnc, updatedAt: c.providerUpdatedAt };
  return {
    id: c.id,
    model: c.model,
    label: c.label,
    capabilities: c.capabilities,
    contextWindow: c.contextWindow,
    tips: c.tips,
    client: clientFor(provider, deps.config, deps.egress.model),
  };
}

/**
 * LLM_BASE_URL / LLM_API_KEY / LLM_MODEL register (or update) one provider and model at boot;
 * the model becomes the default when there is none yet. Admin-made providers are untouched.
 */
export async function registerEnvProvider(db: Db, config: Config): Promise<void> {
  if (!config.LLM_BASE_URL || !config.LLM_MODEL) return;
  const baseUrl = config.LLM_BASE_URL;
  const model = config.LLM_MODEL;
  const apiKeyEnc = seal(config.APP_SECRET, config.LLM_API_KEY);
  await db.transaction(async (tx) => {
    const [existing] = await tx.select().from(aiProviders).where(eq(aiProviders.fromEnv, true)).limit(1);
    const provider = existing
      ? (await tx.update(aiProviders).set({ baseUrl, apiKeyEnc, enabled: true, updatedAt: new Date() })
          .where(eq(aiProviders.id, existing.id)).returning())[0]!
      : (await tx.insert(aiProviders).values({ name: '环境变量配置', baseUrl, apiKeyEnc, fromEnv: true }).returning())[0]!;
    const [hasDefault] = await tx.select({ id: aiModels.id }).from(aiModels).where(eq(aiModels.isDefault, true)).limit(1);
    await tx
      .insert(aiModels)
      .values({ providerId: provider.id, model, label: model, isDefault: !hasDefault })
      .onConflictDoUpdate({ target: [aiModels.providerId, aiModels.model], set: { enabled: true } });
  });
}
