import { eq, sql } from 'drizzle-orm';
import { DEFAULT_WEBSITE_CONFIG, websiteConfigSchema, type WebsiteConfig } from '@xueban/contract/platform';
import { builtOnce } from '../../db/built-once.ts';
import type { Db } from '../../db/client.ts';
import { appSettings } from '../../db/schema/platform.ts';

/** The website config, defaults filled in for anything never saved (or saved by an older version). */
export async function getWebsiteConfig(db: Db): Promise<WebsiteConfig> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, 'website')).limit(1);
  const merged = { ...DEFAULT_WEBSITE_CONFIG, ...((row?.value as object | undefined) ?? {}) };
  const parsed = websiteConfigSchema.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_WEBSITE_CONFIG;
}

export async function saveWebsiteConfig(db: Db, patch: Partial<WebsiteConfig>): Promise<WebsiteConfig> {
  const next = { ...(await getWebsiteConfig(db)), ...patch };
  await db
    .insert(appSettings)
    .values({ key: 'website', value: next })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: next, updatedAt: sql`now()` } });
  return next;
}

/** One stored application value by key (the demo content's ids, a user's dismissed checklist); undefined when never saved. */
export async function readSetting<T>(db: Db, key: string): Promise<T | undefined> {
  // Read by every chat (the moderation model): built once.
  const [row] = await builtOnce(db, 'read_setting', () => db.select().from(appSettings)
    .where(eq(appSettings.key, sql.placeholder('key'))).limit(1).prepare('read_setting')).execute({ key });
  return row?.value as T | undefined;
}

export async function writeSetting(db: Db, key: string, value: unknown): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: sql`now()` } });
}
