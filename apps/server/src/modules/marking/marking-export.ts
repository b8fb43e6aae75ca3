import { SUBMISSION_STATUS_LABEL, type ReviewData } from '@xueban/contract/marking';
import { formatChinaTime } from '../../lib/time.ts';
import { xlsxText } from '../../lib/xlsx.ts';

/**
 * A class's results as an .xlsx workbook: one row per student of the class (those who handed
 * nothing in included), 姓名, each criterion, 总分, 评语, 状态, 提交时间. The teacher's marks where
 * set, else the AI draft's (状态 tells which). Text goes in as plain strings, never formulas.
 */
export async function resultsWorkbook(review: ReviewData): Promise<Buffer> {
  const { assignment: a, students } = review;
  // exceljs takes ~0.4 s to load: loaded at the first workbook, not at every start.
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('成绩');
  ws.columns = [
    { header: '姓名', key: 'name', width: 14 },
    ...a.rubric.map((c, i) => ({ header: `${c.name}（${c.points}分）`, key: `c${i}`, width: 14 })),
    { header: '总分', key: 'total', width: 10 },
    { header: '评语', key: 'comment', width: 60 },
    { header: '状态', key: 'status', width: 14 },
    { header: '提交时间', key: 'time', width: 18 },
  ];
  ws.getRow(1).font = { bold: true };
  for (const st of students) {
    const s = st.submission;
    const scores = s?.scores ?? s?.ai_scores ?? null;
    const row: Record<string, string | number> = { name: xlsxText(st.truename) };
    a.rubric.forEach((c, i) => {
      const hit = scores?.find((x) => x.name === c.name);
      row[`c${i}`] = hit ? hit.score : '';
    });
    row.total = scores ? Math.round(scores.reduce((sum, x) => sum + x.score, 0) * 10) / 10 : '';
    row.comment = xlsxText(s ? (s.comment ?? s.ai_comment) : '');
    row.status = s ? `${SUBMISSION_STATUS_LABEL[s.status]}${s.late ? '（迟交）' : ''}` : SUBMISSION_STATUS_LABEL.missing;
    row.time = s ? formatChinaTime(new Date(s.submit_time * 1000)) : '';
    ws.addRow(row);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export function resultsFileName(title: string, now = new Date()): { ascii: string; utf8: string } {
  const day = formatChinaTime(now).slice(0, 10);
  const safe = title.replace(/[\\/:*?"<>|\r\n]/g, '').slice(0, 40) || '作业';
  return { ascii: `marking-results-${day}.xlsx`, utf8: encodeURIComponent(`${safe}-成绩-${day}.xlsx`) };
}
