import { useQuery } from '@tanstack/react-query';
import { ChatRecordsContext } from '@xueban/contract/calls/teaching-console';
import { call } from '../../../lib/api.ts';

export const contextKey = ['ai', 'ChatRecords', 'viewContext'] as const;

/** GET /api/ai/ChatRecords/viewContext {id} — the conversation around one exchange. */
export const useViewContext = (recordId: number | null) =>
  useQuery({
    queryKey: [...contextKey, recordId],
    queryFn: ({ signal }) => call(ChatRecordsContext.viewContext, { id: recordId! }, { signal }),
    enabled: !!recordId,
  });
