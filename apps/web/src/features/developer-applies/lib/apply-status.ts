/** Audit statuses of spec §4: -2 rejected, 2 pending review, 3 approved. */
export const APPLY_STATUS = { REJECTED: -2, PENDING: 2, APPROVED: 3 } as const;
export type ApplyStatus = (typeof APPLY_STATUS)[keyof typeof APPLY_STATUS];

export const APPLY_STATUS_LABEL: Record<ApplyStatus, { label: string; color: string }> = {
  [APPLY_STATUS.PENDING]: { label: '待审核', color: 'processing' },
  [APPLY_STATUS.APPROVED]: { label: '已通过', color: 'success' },
  [APPLY_STATUS.REJECTED]: { label: '已拒绝', color: 'error' },
};

/** The filter in the URL (?status=2): one of the audit statuses, or all when absent or unknown. */
export function parseStatus(value: string | null): ApplyStatus | undefined {
  const n = Number(value);
  return n === APPLY_STATUS.PENDING || n === APPLY_STATUS.APPROVED || n === APPLY_STATUS.REJECTED ? n : undefined;
}
