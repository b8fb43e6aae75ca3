import { DeveloperApp } from '@xueban/contract/calls/app-store';
import { downloadFile, XLSX_TYPE } from '../../../lib/download.ts';

/** GET /api/ai/DeveloperApp/revenueExport {from, to}: downloads the statements as .xlsx. */
export const exportRevenue = (from: string, to: string): Promise<boolean> =>
  downloadFile(DeveloperApp.revenueExport.path, { from, to }, XLSX_TYPE, `revenue-${from}-${to}.xlsx`);
