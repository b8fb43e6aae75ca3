import { RecordsHasCorrect } from '@xueban/contract/calls/teaching-console';
import { call } from '../../../lib/api.ts';

/** POST /api/ai/RecordsHasCorrect/save {records_id, content} — the teacher's correction of an answer. */
export const saveCorrection = (recordId: number, content: string) => call(RecordsHasCorrect.save, { records_id: recordId, content });
