import { APP_STATUS, APP_STATUS_LABEL } from '@xueban/contract/constants/app-store';

/** A catalogue app's status as a tag: its label and colour. */
const COLORS: Record<number, string> = { [APP_STATUS.REJECTED]: 'red', [APP_STATUS.DRAFT]: 'default', [APP_STATUS.PENDING]: 'orange', [APP_STATUS.APPROVED]: 'green' };
export const statusTag = (status: number) => ({ label: APP_STATUS_LABEL[status] ?? String(status), color: COLORS[status] ?? 'default' });
export const canSubmit = (status: number) => status === APP_STATUS.DRAFT || status === APP_STATUS.REJECTED;
export const canWithdraw = (status: number) => status === APP_STATUS.PENDING || status === APP_STATUS.APPROVED;
