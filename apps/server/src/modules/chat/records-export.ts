import { REPLY_STATUS_LABEL, type ManagedRecordItem } from '@xueban/contract/chat';
import { formatChinaTime } from '../../lib/time.ts';
import { xlsxText } from '../../lib/xlsx.ts';

const COLUMNS = [
  { header: '时间', key: 'time', width: 18 },
  { header: '用户', key: 'user', width: 14 },
  { header: '机器人', key: 'robot', width: 18 },
  { header: '会话', key: 'session', width: 18 },
  { header: '问题', key: 'question', width: 50 },
  { header: '回答', key: 'answer', width: 80 },
  { header: '状态', key: 'status', width: 10 },
];

/**
 * The 对话管理 export as an .xlsx workbook. Text goes in as plain string cells, so a question
 * starting with '=' stays text and never becomes a formula.
 */
export async function recordsWorkbook(rows: ManagedRecordItem[]): Promise<Buffer> {
  // exceljs takes ~0.4 s to load: loaded at the first workbook, not at every start.
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('对话记录');
  ws.columns = COLUMNS;
  ws.getRow(1).font = { bold: true };
  for (const r of rows) {
    ws.addRow({
      time: formatChinaTime(new Date(r.create_time * 1000)),
      user: r.user.truename || `用户 ${r.user.uid}`,
      robot: r.robot_name,
      session: r.session_name,
      question: xlsxText(r.question),
      answer: xlsxText(r.answer || r.notice),
      status: REPLY_STATUS_LABEL[r.status] ?? r.status,
    });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** An attachment name with the date, safe for Content-Disposition in every browser. */
export function exportFileName(now = new Date()): { ascii: string; utf8: string } {
  const day = formatChinaTime(now).slice(0, 10);
  return { ascii: `chat-records-${day}.xlsx`, utf8: encodeURIComponent(`对话记录-${day}.xlsx`) };
}
