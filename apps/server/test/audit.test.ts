import { afterAll, beforeAll, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { auditLogs } from '../src/db/schema/audit.ts';
import { changedFields, recordAudit } from '../src/modules/audit/audit.service.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

test('a change is recorded with who, what, before and after, and the trail refuses edits and deletions', async () => {
  const { db } = t.deps;
  const { before, after } = changedFields({ name: '一中', vip_level: 1 }, { name: '第一中学', vip_level: 1 });
  expect(before).toEqual({ name: '一中' });
  expect(after).toEqual({ name: '第一中学' });
  await recordAudit(db, { actorId: 1, actorName: '管理员', ip: '10.0.0.9' }, {
    area: 'admin', groupId: 7, action: 'group.update', targetType: 'group', targetId: 7, targetLabel: '第一中学', before, after,
  });
  const [row] = await db.select().from(auditLogs);
  expect(row).toMatchObject({ groupId: 7, actorName: '管理员', action: 'group.update', targetId: '7', before: { name: '一中' }, after: { name: '第一中学' }, ip: '10.0.0.9' });

  const refusal = (q: Promise<unknown>) => q.then(() => 'allowed', (err: Error) => String((err.cause as Error | undefined)?.message ?? err.message));
  expect(await refusal(db.execute(sql`update audit_logs set action = 'x'`))).toMatch(/append-only/);
  expect(await refusal(db.execute(sql`delete from audit_logs`))).toMatch(/append-only/);
  expect(await db.select().from(auditLogs)).toHaveLength(1);
});
