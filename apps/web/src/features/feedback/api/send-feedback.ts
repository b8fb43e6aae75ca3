import { useMutation } from '@tanstack/react-query';
import type { CallInput } from '@xueban/contract/call';
import { Tool } from '@xueban/contract/calls/platform';
import { call } from '../../../lib/api.ts';

/** content: with the page address already appended (spec §7). */
export type FeedbackInput = CallInput<typeof Tool.sendFeedBack>;

/** POST /api/uc/Tool/sendFeedBack. */
export const sendFeedback = (input: FeedbackInput) => call(Tool.sendFeedBack, input);

export const useSendFeedback = () => useMutation({ mutationFn: sendFeedback });
