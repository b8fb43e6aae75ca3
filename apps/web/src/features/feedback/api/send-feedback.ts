import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export interface FeedbackInput {
  /** With the page address already appended (spec §7). */
  content: string;
  contact: string;
  picture_data: string[];
}

/** POST /api/uc/Tool/sendFeedBack. */
export const sendFeedback = (input: FeedbackInput) => api.post<{ id: number }>('/api/uc/Tool/sendFeedBack', input);

export const useSendFeedback = () => useMutation({ mutationFn: sendFeedback });
