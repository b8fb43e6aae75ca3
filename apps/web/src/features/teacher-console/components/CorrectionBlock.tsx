import type { Correction } from '@xueban/contract/teaching-console';
import dayjs from 'dayjs';
import './teacher-console.css';

/** 老师订正: a teacher's correction under an answer. */
export function CorrectionBlock({ correction: c }: { correction: Correction }) {
  return (
    <div className="tc-correction" aria-label="老师订正">
      <div className="tc-correction-title">老师订正{c.teacher ? ` · ${c.teacher}` : ''}<span style={{ fontWeight: 400, color: 'rgba(0,0,0,.45)', marginLeft: 8 }}>{dayjs.unix(c.create_time).format('MM-DD HH:mm')}</span></div>
      {c.content}
    </div>
  );
}
