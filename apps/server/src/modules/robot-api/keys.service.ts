import { MSG } from '@xueban/contract/messages';
import type { ApiKeyItem, ApiUsage } from '@xueban/contract/robot-api';
import type { z } from 'zod';
import type { apiKeyCreateBody } from '@xueban/contract/robot-api';
import type { Deps } from '../../types.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { newToken, sha256 } from '../../lib/crypto.ts';
import { notFound } from '../../lib/errors.ts';
import { toSeconds } from '../../lib/time.ts';
import type { ApiKeyRow } from '../../db/schema/robot-api.ts';
import { LEVELS, loadManaged } from '../robots/robot-access.ts';
import { insertUser } from '../users/accounts.service.ts';
import { findKey, insertKey, keysOfRobot, revokeKey, usageByDay, usageByKey } from './robot-api.repo.ts';

/** Who answers for a key in the robot's records. */
const SERVICE_NAME = { api: 'API', embed: '网页嵌入', share: '分享链接' } as const;

const startOfUtcDay = (now = new Date()) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

export function keyStatus(k: ApiKeyRow, now = Date.now()): ApiKeyItem['status'] {
  if (k.revokedAt) return 'revoked';
  if (k.expiresAt && k.expiresAt.getTime() <= now) return 'expired';
  return 'active';
}

function toItem(k: ApiKeyRow, used: { today: number; total: number } | undefined): ApiKeyItem {
  return {
    id: k.id, robot_id: k.robotId, kind: k.kind, name: k.name, prefix: k.prefix, allowed_origins: k.allowedOrigins,
    per_minute: k.perMinute, per_day: k.perDay, expire_time: k.expiresAt ? toSeconds(k.expiresAt) : null,
    status: keyStatus(k), create_time: toSeconds(k.createdAt), last_used_time: k.lastUsedAt ? toSeconds(k.lastUsedAt) : null,
    used_today: used?.today ?? 0, used_total: used?.total ?? 0,
  };
}

/** RobotApiKey/lists: the robot's keys, with their use today (UTC) and in all. Creators only. */
export async function listKeys(deps: Deps, me: AuthContext, robotId: number): Promise<ApiKeyItem[]> {
  await loadManaged(deps.db, me, robotId, LEVELS.owner);
  const [keys, used] = await Promise.all([keysOfRobot(deps.db, robotId), usageByKey(deps.db, robotId, startOfUtcDay())]);
  const byKey = new Map(used.map((u) => [u.keyId, u]));
  return keys.map((k) => toItem(k, byKey.get(k.id)));
}

/**
 * RobotApiKey/create: the key is made here, returned once, and only its hash kept. The key gets
 * its own account (no password, no membership, no way to log in) whose sessions hold the key's
 * conversations, named after the key in the robot's records.
 */
export async function createKey(deps: Deps, me: AuthContext, b: z.output<typeof apiKeyCreateBody>) {
  const { view } = await loadManaged(deps.db, me, b.robot_id, LEVELS.owner);
  const robot = view.robot;
  const secret = `xb-${b.kind}-${newToken()}`;
  const service = await insertUser(deps.db, {
    openid: `robot-api:${sha256(secret).slice(0, 24)}`, truename: `${SERVICE_NAME[b.kind]}：${b.name}`, name: b.name,
    passwordHash: '!', currentGroupId: robot.groupId,
  });
  const key = await insertKey(deps.db, {
    groupId: robot.groupId, robotId: robot.id, kind: b.kind, name: b.name, prefix: secret.slice(0, 14), keyHash: sha256(secret),
    allowedOrigins: [...new Set(b.allowed_origins)], perMinute: b.per_minute, perDay: b.per_day,
    expiresAt: b.expire_time ? new Date(b.expire_time * 1000) : null, createdBy: me.userId, serviceUserId: service.id,
  });
  return { key: toItem(key, undefined), secret };
}

/** A key of a robot the caller manages as its creator, else 404 (another organisation's: as if none). */
async function managedKey(deps: Deps, me: AuthContext, id: number) {
  const key = await findKey(deps.db, id, me.isSuperAdmin ? null : me.groupId);
  if (!key) throw notFound(MSG.notFound);
  await loadManaged(deps.db, me, key.robotId, LEVELS.owner);
  return key;
}

/** RobotApiKey/revoke: at once, for every later request (401). */
export async function revoke(deps: Deps, me: AuthContext, id: number): Promise<ApiKeyItem> {
  const key = await managedKey(deps, me, id);
  return toItem(await revokeKey(deps.db, key.id), undefined);
}

/** RobotApiKey/usage: the robot's questions through its keys, by day (last 7, UTC) and by key. */
export async function robotUsage(deps: Deps, me: AuthContext, robotId: number): Promise<ApiUsage> {
  await loadManaged(deps.db, me, robotId, LEVELS.view);
  const today = startOfUtcDay();
  const weekAgo = new Date(today.getTime() - 6 * 86_400_000);
  const [keys, used, days] = await Promise.all([
    keysOfRobot(deps.db, robotId), usageByKey(deps.db, robotId, today), usageByDay(deps.db, robotId, weekAgo),
  ]);
  const byKey = new Map(used.map((u) => [u.keyId, u]));
  const byDay = new Map(days.map((d) => [d.date, d.count]));
  return {
    today: used.reduce((n, u) => n + u.today, 0),
    total: used.reduce((n, u) => n + u.total, 0),
    days: Array.from({ length: 7 }, (_, i) => {
      const date = new Date(weekAgo.getTime() + i * 86_400_000).toISOString().slice(0, 10);
      return { date, count: byDay.get(date) ?? 0 };
    }),
    keys: keys.map((k) => ({ id: k.id, name: k.name, kind: k.kind, today: byKey.get(k.id)?.today ?? 0, total: byKey.get(k.id)?.total ?? 0 })),
  };
}
