import { MSG } from '@xueban/contract/messages';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { addDays } from '../../lib/time.ts';
import { setCurrentGroup } from '../users/accounts.service.ts';
import { addMember, findGroup, findMembership, insertGroup, removeMember, updateGroup, updateMember, type GroupRow } from './groups.repo.ts';

// What the super admin's organisation management (admin module) may change of organisations and
// their members: any organisation, named by id. Each function returns what the audit trail needs.

export type { GroupRow };

export async function groupById(db: Db, id: number): Promise<GroupRow> {
  const g = await findGroup(db, id);
  if (!g) throw notFound();
  return g;
}

/** A new organisation for a school: a trial of `trialDays`, owned by the super admin who made it (not a member). */
export async function createOrganisation(db: Db, input: { name: string; pid?: number | undefined; ownerId: number; trialDays: number }) {
  if (input.pid) await groupById(db, input.pid);
  return insertGroup(db, {
    name: input.name, pid: input.pid ?? null, ownerId: input.ownerId, vipLevel: 1, vipEndTime: addDays(new Date(), input.trialDays),
  });
}

export async function changeGroup(db: Db, id: number, values: { name?: string; vipLevel?: number; vipEndTime?: Date | null; status?: number }) {
  const before = await groupById(db, id);
  await updateGroup(db, id, values);
  return { before, after: await groupById(db, id) };
}

/** Sets a member's roles in any organisation; the member must belong to it. */
export async function setRolesIn(db: Db, groupId: number, uid: number, roles: string[]) {
  const member = await findMembership(db, groupId, uid);
  if (!member) throw notFound();
  const next = [...new Set(roles)];
  await updateMember(db, groupId, uid, { roles: next });
  return { before: member.roles, after: next };
}

/** Adds an existing account to an organisation with roles. */
export async function addMemberTo(db: Db, groupId: number, uid: number, roles: string[]) {
  const group = await groupById(db, groupId);
  if (!(await addMember(db, groupId, uid, [...new Set(roles)]))) throw conflict(MSG.alreadyInOrg);
  return group;
}

/**
 * Moves a user from one organisation to another, keeping their roles; when the old one was
 * their current organisation, the new one becomes it (so the status check does not log them out).
 */
export async function moveMember(db: Db, uid: number, fromId: number, toId: number, currentGroupId: number | null) {
  if (fromId === toId) throw badRequest('目标组织与原组织相同');
  const member = await findMembership(db, fromId, uid);
  if (!member) throw notFound();
  const to = await groupById(db, toId);
  if (await findMembership(db, toId, uid)) throw conflict('该用户已在目标组织中');
  await removeMember(db, fromId, uid);
  await addMember(db, toId, uid, member.roles);
  if (currentGroupId === fromId) await setCurrentGroup(db, uid, toId);
  return { roles: member.roles, to };
}
