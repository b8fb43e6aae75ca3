import { APP_MSG, yuan, type Revenue } from '@xueban/contract/app-store';
import { xlsxText } from '../../lib/xlsx.ts';

/** The revenue statement as an .xlsx workbook: one row per app and month, a total, and who settles it. */
export async function revenueWorkbook(r: Revenue): Promise<Buffer> {
  // exceljs takes ~0.4 s to load: loaded at the first workbook, not at every start.
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('收益明细');
  ws.columns = [
    { header: '应用', key: 'app', width: 24 },
    { header: '月份', key: 'month', width: 10 },
    { header: '价格（元/席位/月）', key: 'price', width: 18 },
    { header: '安装数', key: 'installs', width: 10 },
    { header: '新安装', key: 'newInstalls', width: 10 },
    { header: '计费席位', key: 'seats', width: 10 },
    { header: '活跃席位', key: 'active', width: 10 },
    { header: '问答数', key: 'questions', width: 10 },
    { header: '金额（元）', key: 'amount', width: 14 },
  ];
  ws.getRow(1).font = { bold: true };
  for (const row of r.rows) {
    ws.addRow({
      app: xlsxText(row.app_name), month: row.month, price: Number(yuan(row.price_fen)), installs: row.installs, newInstalls: row.new_installs,
      seats: row.seats, active: row.active_seats, questions: row.questions, amount: Number(yuan(row.amount_fen)),
    });
  }
  const total = ws.addRow({ app: '合计', amount: Number(yuan(r.total_fen)) });
  total.font = { bold: true };
  ws.addRow({});
  ws.addRow({ app: `统计区间 ${r.from} 至 ${r.to}。金额为对账单，${APP_MSG.settleNotice}。` });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export const revenueFileName = (r: Revenue) => {
  const base = `收益明细-${r.from}-${r.to}.xlsx`;
  return { ascii: `revenue-${r.from}-${r.to}.xlsx`, utf8: encodeURIComponent(base) };
};
