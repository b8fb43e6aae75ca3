import { message } from 'antd';
import { LIMITS } from '@xueban/contract/limits';

/** A success toast for 3 s (spec §9). The request layer toasts errors only; flows confirm their own success. */
export const showSuccess = (text: string) => void message.success(text, LIMITS.timeouts.successToastMs / 1000);
