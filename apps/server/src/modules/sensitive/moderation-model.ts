import type { FastifyBaseLogger } from 'fastify';
import type { ModerationConfig, SensitiveCategory, SensitiveSeverity } from '@xueban/contract/sensitive';
import type { Deps } from '../../types.ts';
import { readSetting, writeSetting } from '../settings/settings.service.ts';
import type { ModerationHit } from './moderator.ts';

/** Stored under app_settings 'moderation'; the key never leaves the server. */
interface Stored { enabled: boolean; base_url: string; model: string; api_key: string }
const KEY = 'moderation';
const TIMEOUT_MS = 5_000;

export async function getModerationConfig(deps: Deps): Promise<ModerationConfig> {
  const s = await readSetting<Stored>(deps.db, KEY);
  return { enabled: !!s?.enabled, base_url: s?.base_url ?? '', model: s?.model ?? 'omni-moderation-latest', has_key: !!s?.api_key };
}

/** Saves the settings; an empty key keeps the one stored. */
export async function saveModerationConfig(deps: Deps, input: { enabled: boolean; base_url: string; model: string; api_key: string }) {
  const s = await readSetting<Stored>(deps.db, KEY);
  await writeSetting(deps.db, KEY, { ...input, api_key: input.api_key || s?.api_key || '' });
  return getModerationConfig(deps);
}

/**
 * OpenAI's moderation categories onto ours, most serious first: self-harm and violence against
 * people and sexual content with minors are high; the rest standard.
 */
const MAPPING: [prefix: string, category: SensitiveCategory, severity: SensitiveSeverity][] = [
  ['self-harm', '自伤', 'high'],
  ['sexual/minors', '色情', 'high'],
  ['violence/graphic', '暴力', 'high'],
  ['harassment/threatening', '欺凌', 'high'],
  ['hate/threatening', '欺凌', 'high'],
  ['illicit/violent', '违法', 'high'],
  ['violence', '暴力', 'standard'],
  ['sexual', '色情', 'standard'],
  ['harassment', '欺凌', 'standard'],
  ['hate', '欺凌', 'standard'],
  ['illicit', '违法', 'standard'],
];

/** The most serious of the flagged categories, as a hit on the whole text. */
export function hitOfCategories(flagged: string[], text: string): ModerationHit | null {
  for (const [prefix, category, severity] of MAPPING) {
    const name = flagged.find((c) => c === prefix || c.startsWith(`${prefix}/`));
    if (name) return { word: name, index: -1, start: 0, end: text.length, category, severity };
  }
  return flagged.length ? { word: flagged[0]!, index: -1, start: 0, end: text.length, category: '其他', severity: 'standard' } : null;
}

/**
 * Asks the configured moderation model about a text (through the model egress guard). Null when
 * none is configured, nothing is flagged, or the model cannot be reached in time: the built-in
 * list has already run, and a moderation outage must not stop every conversation.
 */
export async function moderateWithModel(deps: Deps, log: FastifyBaseLogger | undefined, text: string): Promise<ModerationHit | null> {
  const s = await readSetting<Stored>(deps.db, KEY);
  if (!s?.enabled || !s.base_url || !text) return null;
  try {
    const res = await deps.egress.model(`${s.base_url.replace(/\/+$/, '')}/moderations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(s.api_key ? { authorization: `Bearer ${s.api_key}` } : {}) },
      body: JSON.stringify({ model: s.model || 'omni-moderation-latest', input: text }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`moderation answered ${res.status}`);
    const body = (await res.json()) as { results?: { flagged?: boolean; categories?: Record<string, boolean> }[] };
    const result = body.results?.[0];
    if (!result?.flagged) return null;
    const hit = hitOfCategories(Object.entries(result.categories ?? {}).filter(([, on]) => on).map(([c]) => c), text);
    return hit && { ...hit, origin: 'model' };
  } catch (err) {
    log?.warn({ err }, 'moderation model unavailable; the word list alone decided');
    return null;
  }
}
