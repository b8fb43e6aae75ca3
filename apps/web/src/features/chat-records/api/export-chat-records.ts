import { ChatRecords } from '@xueban/contract/calls/chat';
import { downloadFile, XLSX_TYPE } from '../../../lib/download.ts';
import { filterQuery, type RecordFilters } from '../lib/record-filters.ts';

/** GET /api/ai/ChatRecords/export with the table's filters: downloads the .xlsx. */
export const exportChatRecords = (filters: RecordFilters): Promise<boolean> =>
  downloadFile(ChatRecords.export.path, filterQuery(filters), XLSX_TYPE, 'chat-records.xlsx');
