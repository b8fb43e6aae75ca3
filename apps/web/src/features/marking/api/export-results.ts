import { Marking } from '@xueban/contract/calls/marking';
import { downloadFile, XLSX_TYPE } from '../../../lib/download.ts';

/** GET /api/ai/Marking/export {assignment_id}: downloads the class's results as .xlsx. */
export const exportResults = (assignmentId: number): Promise<boolean> =>
  downloadFile(Marking.export.path, { assignment_id: String(assignmentId) }, XLSX_TYPE, 'marking-results.xlsx');
