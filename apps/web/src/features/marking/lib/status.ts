import { SUBMISSION_STATUS_LABEL, type SubmissionStatus } from '@xueban/contract/constants/marking';

const COLORS: Record<SubmissionStatus | 'missing', string> = {
  missing: 'default', submitted: 'orange', drafting: 'processing', failed: 'orange', drafted: 'blue', released: 'success',
};

/** A submission's state as the teacher sees it: a label and a tag colour (迟交 added by the caller). */
export const statusOf = (s: { status: SubmissionStatus } | null) => {
  const key = s?.status ?? 'missing';
  return { label: SUBMISSION_STATUS_LABEL[key], color: COLORS[key] };
};

/** The sum of some scores, to one decimal. */
export const sumScores = (scores: { score: number }[]) => Math.round(scores.reduce((s, x) => s + x.score, 0) * 10) / 10;
