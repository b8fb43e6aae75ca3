import { TeamClass } from '@xueban/contract/calls/classes';
import { call } from '../../../lib/api.ts';

/** POST /api/ai/TeamClass/setInviteExpiry — expireTime in unix seconds, null: never expires. */
export const setInviteExpiry = (id: number, expireTime: number | null) => call(TeamClass.setInviteExpiry, { id, expire_time: expireTime });
/** POST /api/ai/TeamClass/renewInvite — a new invite code; the old one stops working. */
export const renewInvite = (id: number) => call(TeamClass.renewInvite, { id });
/** POST /api/ai/TeamClass/setQuota — the class's daily question quota, null: no limit. */
export const setClassQuota = (id: number, quota: number | null) => call(TeamClass.setQuota, { id, daily_quota: quota });
/** POST /api/ai/TeamClass/setMemberQuota — one student's own quota, null: the class's. */
export const setMemberQuota = (id: number, uid: number, quota: number | null) => call(TeamClass.setMemberQuota, { id, uid, daily_quota: quota });
/** POST /api/ai/TeamClass/moveMember — to another class of the same robot. */
export const moveMember = (id: number, uid: number, toTeamId: number) => call(TeamClass.moveMember, { id, uid, to_team_id: toTeamId });
/** POST /api/ai/TeamClass/postNotice — a notice to the class's news. */
export const postNotice = (id: number, title: string) => call(TeamClass.postNotice, { id, title });
