import { AdminSensitive, GroupSensitive } from '@xueban/contract/calls/sensitive';

/** Whose words a table shows: the platform's (super admin) or the caller's organisation's own (org admins). */
export type WordList = 'platform' | 'group';

export const callsOf = (list: WordList) => (list === 'group' ? GroupSensitive : AdminSensitive);
