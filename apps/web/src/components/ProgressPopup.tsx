import { useEffect, useState } from 'react';
import { Modal, Progress, Typography } from 'antd';
import { PROGRESS_STEP_MS, nextProgress } from '../lib/progress.ts';

function Climb({ done, onFinished, label }: { done: boolean; onFinished: () => void; label: string }) {
  const [percent, setPercent] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setPercent((p) => nextProgress(p, done)), PROGRESS_STEP_MS);
    return () => clearInterval(timer);
  }, [done]);
  useEffect(() => {
    if (percent < 100) return;
    const t = setTimeout(onFinished, PROGRESS_STEP_MS);
    return () => clearTimeout(t);
  }, [percent, onFinished]);
  return <Progress percent={percent} format={(p) => `${p}%`} aria-label={label} />;
}

/**
 * The progress popup (spec §4): climbs 21–25 % every 500 ms, holds at 99 % until `done` (the
 * server answered), then shows 100 % and calls `onFinished`. Each opening starts again from 0.
 */
export function ProgressPopup({ open, done, onFinished, title, label, hint }: {
  open: boolean;
  done: boolean;
  onFinished: () => void;
  title: string;
  /** The progress bar's accessible name. */
  label: string;
  hint?: string;
}) {
  return (
    <Modal open={open} title={title} footer={null} closable={false} mask={{ closable: false }} centered width={360} destroyOnHidden>
      <Climb done={done} onFinished={onFinished} label={label} />
      {hint && <Typography.Text type="secondary">{hint}</Typography.Text>}
    </Modal>
  );
}
