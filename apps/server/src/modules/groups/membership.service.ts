import type { Db } from '../../db/client.ts';
import { updateMember } from './groups.repo.ts';

// What other modules may read and do of organisations and their members. The groups and members
// tables are this module's alone (docs/decisions.md "Layering").

export {
  addMember, addMemberRole, countOwnedGroups, insertGroup, defaultGroupId, findGroup, findMembership, hasOthersOrInvites, membershipsOf,
  type GroupRow, type MemberRow,
} from './groups.repo.ts';

/** 不再提示: this member sees no more upgrade tips in this organisation. */
export const dismissUpgradeTip = (db: Db, groupId: number, userId: number) => updateMember(db, groupId, userId, { ignoreVipUpgrade: true });
export { isVip } from './group-info.ts';
