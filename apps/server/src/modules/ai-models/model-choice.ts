import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ModelCapability } from '@xueban/contract/ai-models';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { aiModels, aiProviders, robotModels } from '../../db/schema/chat.ts';
import type { Egress } from '../../lib/egress.ts';
import { clientFor, type ModelNeeds, type ResolvedModel } from '../../ai/model-client.ts';

// Which model answers: the ai-models module owns the model tables, so the choice is its query.

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
