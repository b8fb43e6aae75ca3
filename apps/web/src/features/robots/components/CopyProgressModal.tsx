import { useEffect, useState } from 'react';
import { Modal, Progress } from 'antd';
import { PROGRESS_STEP_MS, nextProgress } from '../lib/progress.ts';

function CopyProgress({ done, onFinished }: { done: boolean; onFinished: () => void }) {
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
  return <Progress percent={percent} format={(p) => `${p}%`} aria-label="复制进度" />;
}

/**
 * The copy progress popup (spec §4): climbs 21–25 % every 500 ms; 100 % only once `done`
 * (the server answered), then `onFinished` runs. Each opening starts again from 0.
 */
export function CopyProgressModal({ open, done, onFinished }: { open: boolean; done: boolean; onFinished: () => void }) {
  return (
    <Modal open={open} title="正在复制机器人" footer={null} closable={false} maskClosable={false} centered destroyOnHidden>
      <CopyProgress done={done} onFinished={onFinished} />
    </Modal>
  );
}
