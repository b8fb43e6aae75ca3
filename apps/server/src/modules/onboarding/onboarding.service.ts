import type { Checklist } from '@xueban/contract/platform';
import { Role } from '@xueban/contract/roles';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { listModels } from '../ai-models/models.service.ts';
import { hasOthersOrInvites } from '../groups/membership.service.ts';
import { robotCountExcept } from '../robots/robots.service.ts';
import { readSetting, writeSetting } from '../settings/settings.service.ts';

/** The ids the first start gave the demo content (demo-content.ts), so the demo robot is not counted as the school's own. */
export interface DemoContent { groupId: number; robotId: number; kbId: number; categoryId: number; intentId: number }
const DEMO_KEY = 'demo-content';

export const demoContent = (db: Db) => readSetting<DemoContent>(db, DEMO_KEY);
export const rememberDemoContent = (db: Db, ids: DemoContent) => writeSetting(db, DEMO_KEY, ids);

const dismissedKey = (me: AuthContext) => `checklist-dismissed:${me.userId}:${me.groupId}`;

/**
 * The admin's checklist, each item done by what exists: a model (asked of the super admin only,
 * who alone can add one), another member or an invite link in the organisation, a robot of the
 * organisation besides the demo one.
 */
export async function checklist(db: Db, me: AuthContext): Promise<Checklist> {
  const demo = await demoContent(db);
  const items: Checklist['items'] = [];
  if (me.isSuperAdmin) items.push({ key: 'model', done: (await listModels(db)).some((m) => m.enabled) });
  if (me.isSuperAdmin || me.roles.includes(Role.ORG_ADMIN)) {
    items.push({ key: 'invite', done: await hasOthersOrInvites(db, me.groupId, me.userId) });
  }
  items.push({ key: 'robot', done: (await robotCountExcept(db, me.groupId, demo ? [demo.robotId] : [])) > 0 });
  const dismissed = !!(await readSetting<boolean>(db, dismissedKey(me)));
  return { show: !dismissed && items.some((i) => !i.done), items };
}

/** 不再显示: this admin sees the checklist no more in this organisation. */
export async function dismissChecklist(db: Db, me: AuthContext) {
  await writeSetting(db, dismissedKey(me), true);
}
