import { useState } from 'react';
import { Alert, Button, Card, Input, Space, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { TRAIN_LIMITS, TRAIN_MSG, type TrainAttempt } from '@xueban/contract/training';
import { trainingKey } from '../api/keys.ts';
import { startAttempt } from '../api/start-attempt.ts';
import { replyAttempt } from '../api/reply-attempt.ts';
import { redoDebrief } from '../api/redo-debrief.ts';
import { DebriefCard } from './DebriefCard.tsx';
import { TurnList } from './TurnList.tsx';

/**
 * A practice (train: round by round, then the scored debrief) or a free conversation (talk) in
 * the scenario's role. A failed send gives the words back to the input; nothing is lost.
 */
export function PracticePanel({ scenarioId, mode, modelReady, rounds }: { scenarioId: number; mode: 'train' | 'talk'; modelReady: boolean; rounds: number }) {
  const qc = useQueryClient();
  const [attempt, setAttempt] = useState<TrainAttempt | null>(null);
  const [text, setText] = useState('');
  const [pending, setPending] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = () => qc.invalidateQueries({ queryKey: trainingKey });

  if (!modelReady) return <Alert type="warning" showIcon message={TRAIN_MSG.noModel} />;

  const run = async (work: () => Promise<TrainAttempt>) => {
    setBusy(true);
    try {
      setAttempt(await work());
      void refresh();
    } finally {
      setBusy(false);
    }
  };
  const start = () => run(() => startAttempt(scenarioId, mode));
  const send = async () => {
    const content = text.trim();
    if (!content || !attempt || busy) return;
    setText('');
    setPending(content);
    try {
      await run(() => replyAttempt(attempt.id, content));
    } catch {
      setText(content);
    } finally {
      setPending(null);
    }
  };

  if (!attempt) {
    return (
      <Card size="small">
        <Space direction="vertical">
          <Typography.Text>{mode === 'train' ? `共 ${rounds} 轮，答完最后一轮后 AI 会按评分标准给出评分与点评。` : '与扮演角色的机器人自由对话，不计轮数也不评分。'}</Typography.Text>
          <Button type="primary" loading={busy} onClick={() => void start()}>{mode === 'train' ? '开始训练' : '开始对话'}</Button>
        </Space>
      </Card>
    );
  }
  const active = attempt.status === 'active';
  return (
    <Card size="small" title={mode === 'train' ? '训练' : '自由对话'}
      extra={mode === 'train' ? <Tag color={active ? 'processing' : 'success'}>第 {Math.min(attempt.round + (active ? 1 : 0), rounds)} / {rounds} 轮</Tag> : <Tag>不评分</Tag>}>
      <TurnList turns={attempt.turns} pending={pending} />
      {active && (
        <div style={{ display: 'flex', gap: 8, marginTop: 16 }}>
          <Input.TextArea value={text} onChange={(e) => setText(e.target.value)} autoSize={{ minRows: 2, maxRows: 6 }} maxLength={TRAIN_LIMITS.replyMax}
            placeholder={mode === 'train' && attempt.round + 1 === rounds ? '最后一轮：发送后 AI 将给出评分' : '输入你的回答，Enter 发送，Shift+Enter 换行'}
            aria-label="你的回答" disabled={busy}
            onKeyDown={(e) => { if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) { e.preventDefault(); void send(); } }} />
          <Button type="primary" onClick={() => void send()} loading={busy} disabled={!text.trim()}>发送</Button>
        </div>
      )}
      {attempt.status === 'unscored' && (
        <Alert style={{ marginTop: 16 }} type="error" showIcon message={attempt.debrief_error || TRAIN_MSG.debriefUnreadable}
          action={<Button size="small" loading={busy} onClick={() => void run(() => redoDebrief(attempt.id))}>重新评分</Button>} />
      )}
      {attempt.debrief && <div style={{ marginTop: 16 }}><DebriefCard debrief={attempt.debrief} /></div>}
      {!active && attempt.status !== 'unscored' && (
        <Button style={{ marginTop: 16 }} onClick={() => setAttempt(null)}>再练一次</Button>
      )}
    </Card>
  );
}
