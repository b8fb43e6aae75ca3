import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { MSG } from '@xueban/contract/messages';
import type { AiModelItem, modelSaveBody } from '@xueban/contract/ai-models';
import type { Db } from '../../db/client.ts';
import { aiModels, aiProviders } from '../../db/schema/chat.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { toSeconds } from '../../lib/time.ts';
import { findProvider } from './providers.service.ts';

type ModelRow = typeof aiModels.$inferSelect;

const toItem = (m: ModelRow, providerName: string): AiModelItem => ({
  id: m.id,
  provider_id: m.providerId,
  provider_name: providerName,
  model: m.model,
  label: m.label,
  capabilities: m.capabilities,
  context_window: m.contextWindow,
  tips: m.tips,
  is_default: m.isDefault ? 1 : 0,
  enabled: m.enabled ? 1 : 0,
  sort: m.sort,
  create_time: toSeconds(m.createdAt),
});

export async function listModels(db: Db): Promise<AiModelItem[]> {
  const rows = await db
    .select({ m: aiModels, name: aiProviders.name })
    .from(aiModels)
    .innerJoin(aiProviders, eq(aiProviders.id, aiModels.providerId))
    .orderBy(asc(aiModels.sort), asc(aiModels.id));
  return rows.map(({ m, name }) => toItem(m, name));
}

export async function findModel(db: Db, id: number): Promise<ModelRow> {
  const [row] = await db.select().from(aiModels).where(eq(aiModels.id, id)).limit(1);
  if (!row) throw notFound(MSG.modelNotFound);
  return row;
}

export async function saveModel(db: Db, body: z.infer<typeof modelSaveBody>): Promise<AiModelItem> {
  const provider = await findProvider(db, body.provider_id);
  const current = body.id ? await findModel(db, body.id) : null;
  // The default answers every robot without a choice of its own, so it must stay a chat model.
  if (current?.isDefault && !body.capabilities.includes('chat')) throw badRequest(MSG.modelNeedsChat);
  const [twin] = await db.select({ id: aiModels.id }).from(aiModels)
    .where(and(eq(aiModels.providerId, provider.id), eq(aiModels.model, body.model), current ? ne(aiModels.id, current.id) : undefined))
    .limit(1);
  if (twin) throw badRequest(MSG.modelDuplicate);
  const values = {
    providerId: provider.id,
    model: body.model,
    label: body.label,
    capabilities: body.capabilities,
    contextWindow: body.context_window,
    tips: body.tips,
    enabled: body.enabled === 1,
    sort: body.sort,
  };
  const [row] = current
    ? await db.update(aiModels).set(values).where(eq(aiModels.id, current.id)).returning()
    : await db.insert(aiModels).values(values).returning();
  return toItem(row!, provider.name);
}

export async function deleteModel(db: Db, id: number): Promise<void> {
  const [gone] = await db.delete(aiModels).where(eq(aiModels.id, id)).returning({ id: aiModels.id });
  if (!gone) throw notFound(MSG.modelNotFound);
}

/**
 * Makes one chat model the platform default. A transaction-scoped advisory lock serialises
 * concurrent calls: without it two admins could each clear the old default and then collide on
 * the one-default index. The old default is cleared first (the index is checked row by row).
 */
export async function setDefaultModel(db: Db, id: number): Promise<void> {
  const model = await findModel(db, id);
  if (!model.capabilities.includes('chat')) throw badRequest(MSG.modelNeedsChat);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ai_models.is_default'))`);
    await tx.update(aiModels).set({ isDefault: false }).where(and(eq(aiModels.isDefault, true), ne(aiModels.id, id)));
    const [set] = await tx.update(aiModels).set({ isDefault: true }).where(eq(aiModels.id, id)).returning({ id: aiModels.id });
    // Deleted meanwhile: roll back rather than leave no default.
    if (!set) throw notFound(MSG.modelNotFound);
  });
}
