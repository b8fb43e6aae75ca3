import { asc, count, eq } from 'drizzle-orm';
import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import type { z } from 'zod';
import { MSG } from '@xueban/contract/messages';
import type { ProviderItem, ProviderTestResult, providerSaveBody } from '@xueban/contract/ai-models';
import type { Deps } from '../../types.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { aiModels, aiProviders } from '../../db/schema/chat.ts';
import { clientFor } from '../../ai/model-client.ts';
import { maskKey, open, seal } from '../../ai/secret-box.ts';
import { EgressError } from '../../lib/egress.ts';
import { notFound } from '../../lib/errors.ts';
import { toSeconds } from '../../lib/time.ts';

type ProviderRow = typeof aiProviders.$inferSelect;
/** The connection test answers within this, however slow the provider. */
const TEST_TIMEOUT_MS = 10_000;

function toItem(p: ProviderRow, secret: string, modelCount: number): ProviderItem {
  return {
    id: p.id,
    name: p.name,
    base_url: p.baseUrl,
    api_key: maskKey(open(secret, p.apiKeyEnc) ?? ''),
    enabled: p.enabled ? 1 : 0,
    from_env: p.fromEnv ? 1 : 0,
    model_count: modelCount,
    create_time: toSeconds(p.createdAt),
  };
}

export async function findProvider(db: Db, id: number): Promise<ProviderRow> {
  const [row] = await db.select().from(aiProviders).where(eq(aiProviders.id, id)).limit(1);
  if (!row) throw notFound(MSG.providerNotFound);
  return row;
}

export async function listProviders({ db, config }: Deps): Promise<ProviderItem[]> {
  const rows = await db
    .select({ p: aiProviders, n: count(aiModels.id) })
    .from(aiProviders)
    .leftJoin(aiModels, eq(aiModels.providerId, aiProviders.id))
    .groupBy(aiProviders.id)
    .orderBy(asc(aiProviders.id));
  return rows.map(({ p, n }) => toItem(p, config.APP_SECRET, n));
}

/** Creates or updates a provider. The key is sealed before it is stored; a blank key on update keeps the old one. */
export async function saveProvider({ db, config }: Deps, body: z.infer<typeof providerSaveBody>): Promise<ProviderItem> {
  const values = {
    name: body.name,
    baseUrl: body.base_url,
    ...(body.enabled === undefined ? {} : { enabled: body.enabled === 1 }),
    ...(body.api_key ? { apiKeyEnc: seal(config.APP_SECRET, body.api_key) } : {}),
  };
  if (!body.id) {
    const [row] = await db.insert(aiProviders).values(values).returning();
    return toItem(row!, config.APP_SECRET, 0);
  }
  await findProvider(db, body.id);
  // updatedAt also renews the cached SDK client (models.ts keys it by this time).
  const [row] = await db.update(aiProviders).set({ ...values, updatedAt: new Date() }).where(eq(aiProviders.id, body.id)).returning();
  const [n] = await db.select({ n: count() }).from(aiModels).where(eq(aiModels.providerId, body.id));
  return toItem(row!, config.APP_SECRET, n?.n ?? 0);
}

/** Its models go with it; robots that chose one of them fall back to the default (FK set null). */
export async function deleteProvider(db: Db, id: number): Promise<void> {
  const [gone] = await db.delete(aiProviders).where(eq(aiProviders.id, id)).returning({ id: aiProviders.id });
  if (!gone) throw notFound(MSG.providerNotFound);
}

/**
 * 测试连接: lists the provider's models (GET {base_url}/models) through the egress-guarded client.
 * Any failure is an answer for the admin, in words they can act on, never a server error.
 */
export async function testProvider(deps: Deps, id: number): Promise<ProviderTestResult> {
  const provider = await findProvider(deps.db, id);
  if (open(deps.config.APP_SECRET, provider.apiKeyEnc) === null) return { ok: 0, msg: MSG.providerKeyUnreadable, models: [] };
  try {
    const client = clientFor(provider, deps.config, deps.egress.model);
    const page = await client.models.list({ timeout: TEST_TIMEOUT_MS, maxRetries: 0 });
    const data: unknown = (page as { data?: unknown }).data;
    if (!Array.isArray(data)) return { ok: 0, msg: MSG.providerBadResponse, models: [] };
    const models = data.map((m: { id?: unknown }) => String(m?.id ?? '')).filter(Boolean).slice(0, 100);
    return { ok: 1, msg: `${MSG.providerTestOk}（${MSG.providerTestModels}：${data.length}）`, models };
  } catch (err) {
    return { ok: 0, msg: describeFailure(err), models: [] };
  }
}

/** The provider's own words are appended (trimmed) so the admin can tell a typo from an outage. */
function describeFailure(err: unknown): string {
  const detail = (e: unknown) => {
    const text = e instanceof Error ? e.message : String(e);
    return text ? `：${text.slice(0, 200)}` : '';
  };
  if (hasCause(err, EgressError)) return MSG.providerBlocked;
  if (err instanceof APIConnectionTimeoutError) return MSG.providerTimeout;
  if (err instanceof APIConnectionError) return `${MSG.providerUnreachable}${detail(rootCause(err))}`;
  if (err instanceof APIError) {
    if (err.status === 401 || err.status === 403) return `${MSG.providerAuthFailed}（${err.status}）`;
    if (err.status === 404) return MSG.providerNoModelsApi;
    return `${MSG.providerHttpError}（${err.status ?? '-'}）${detail(err)}`;
  }
  // A body that is not JSON, or JSON of another shape.
  if (err instanceof SyntaxError || err instanceof TypeError) return MSG.providerBadResponse;
  return `${MSG.providerUnreachable}${detail(err)}`;
}

function rootCause(err: unknown): unknown {
  let e = err;
  for (let i = 0; i < 5 && e instanceof Error && e.cause; i++) e = e.cause;
  return e;
}

function hasCause(err: unknown, type: new (...a: never[]) => Error): boolean {
  for (let e = err, i = 0; i < 6 && e; i++, e = e instanceof Error ? e.cause : undefined) {
    if (e instanceof type) return true;
  }
  return false;
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
