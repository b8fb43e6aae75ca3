import { Tooltip } from 'antd';
import './teacher-console.css';

/**
 * Questions per day as a small bar chart drawn with plain elements: the data tabs need no chart
 * library (a few dozen bars), so nothing is loaded for it.
 */
export function DailyBars({ days }: { days: { date: string; questions: number }[] }) {
  const max = Math.max(1, ...days.map((d) => d.questions));
  return (
    <div className="tc-bars" role="img" aria-label={`每日提问：${days.map((d) => `${d.date} ${d.questions}`).join('，')}`}>
      {days.map((d) => (
        <Tooltip key={d.date} title={`${d.date}：${d.questions} 个问题`}>
          <div className="tc-bar-col">
            <span className="tc-bar-value">{d.questions || ''}</span>
            <div className="tc-bar" style={{ height: `${Math.round((d.questions / max) * 100)}%` }} />
            <span className="tc-bar-label">{d.date.slice(5)}</span>
          </div>
        </Tooltip>
      ))}
    </div>
  );
}
