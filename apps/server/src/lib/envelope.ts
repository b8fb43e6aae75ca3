import { Code } from '@xueban/contract/codes';

export const ok = <T>(data: T, msg = 'success') => ({ code: Code.OK, msg, data });
