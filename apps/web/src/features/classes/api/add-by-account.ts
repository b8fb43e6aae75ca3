import { TeamClass } from '@xueban/contract/calls/classes';
import { call } from '../../../lib/api.ts';

/** POST /api/ai/TeamClass/addByAccount — the organisation's users named by mobile or email join the class. */
export const addByAccount = (id: number, accounts: string[], role: 'student' | 'teacher' = 'student') =>
  call(TeamClass.addByAccount, { id, accounts, role });
