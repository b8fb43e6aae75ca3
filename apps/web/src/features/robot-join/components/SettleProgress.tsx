import { useEffect, useState } from 'react';
import { Modal, Progress, Typography } from 'antd';
import { PROGRESS_STEP_MS, nextProgress } from '../lib/robot-actions.ts';

/**
 * The progress popup (spec §4): climbs 21..25 every 500 ms, holds at 99 until the server has
 * answered (`answered`), then reaches 100 and calls `onDone`. Mount it per run: it starts at 0.
 */
export function SettleProgress({ open, answered, onDone }: { open: boolean; answered: boolean; onDone: () => void }) {
  const [percent, setPercent] = useState(0);
  useEffect(() => {
    if (!open) return;
    const timer = setInterval(() => setPercent((p) => nextProgress(p, answered)), PROGRESS_STEP_MS);
    return () => clearInterval(timer);
  }, [open, answered]);
  useEffect(() => {
    if (!open || percent < 100) return;
    const t = setTimeout(onDone, 600);
    return () => clearTimeout(t);
  }, [open, percent, onDone]);
  return (
    <Modal open={open} footer={null} closable={false} centered width={360} title="正在入驻">
      <Progress percent={percent} aria-label="入驻进度" />
      <Typography.Text type="secondary">正在为您复制机器人，请稍候…</Typography.Text>
    </Modal>
  );
}
