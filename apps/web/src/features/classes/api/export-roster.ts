import { TeamClass } from '@xueban/contract/calls/classes';
import { downloadFile } from '../../../lib/download.ts';

/** GET /api/ai/TeamClass/exportRoster: downloads the class roster CSV. */
export const exportRoster = (id: number): Promise<boolean> =>
  downloadFile(TeamClass.exportRoster.path, { id: String(id) }, 'text/csv', 'roster.csv');
