import { useEffect, useRef, type PointerEvent } from 'react';
import { Alert, Avatar, Button, Flex, Spin } from 'antd';
import { AudioOutlined, RobotOutlined } from '@ant-design/icons';
import { MSG } from '@xueban/contract/messages';
import { useVoiceInfo } from '../api/voice-info.ts';
import { useVoiceTalk, type TalkState } from '../hooks/use-voice-talk.ts';
import type { ChatRobot } from '../lib/chat-robot.ts';
import { clock } from '../lib/voice-rules.ts';
import './voice.css';

export interface VoiceViewProps {
  robot: ChatRobot;
  loggedIn: boolean;
  /** The login prompt when logged out; false when the question cannot go now. */
  canStart: () => boolean;
  /** Sends a transcribed question as a voice question (is_short); false when it did not go. */
  ask: (text: string) => boolean;
  disabled: boolean;
}

const STATE_LABEL: Partial<Record<TalkState, string>> = {
  transcribing: MSG.voiceTranscribing,
  thinking: MSG.voiceThinking,
  replied: MSG.voiceReplied,
};

/**
 * 语音视图 (spec §2, §4, §9): hold the button to talk and release to send (or click it, then
 * 点击发送 or 取消); sliding up 50 px turns it red and releasing then sends nothing. The answer
 * is shown and spoken. Without a speech-to-text model the view says so and records nothing.
 */
export default function VoiceView({ robot, loggedIn, canStart, ask, disabled }: VoiceViewProps) {
  const info = useVoiceInfo(loggedIn);
  const talk = useVoiceTalk({ ask, canStart });
  const audio = useRef<HTMLAudioElement>(null);
  const noAsr = loggedIn && info.data?.asr === false;
  const recording = talk.state === 'recording' || talk.state === 'starting';
  const busy = talk.state === 'transcribing' || talk.state === 'thinking';

  // Each new spoken answer plays once it is there (the press that asked counts as the gesture).
  const audioUrl = talk.exchange?.audioUrl;
  useEffect(() => {
    if (audioUrl) void audio.current?.play().catch(() => {});
  }, [audioUrl]);

  const onPointerDown = (e: PointerEvent<HTMLButtonElement>) => {
    if (e.button !== 0) return;
    if (talk.clickMode) return; // the click that follows sends
    e.currentTarget.setPointerCapture?.(e.pointerId);
    audio.current?.pause();
    void talk.start(e.clientY);
  };
  const onPointerUp = () => {
    if (talk.clickMode) talk.send();
    else talk.release();
  };

  const label = talk.cancelArmed ? MSG.voiceReleaseToCancel
    : talk.clickMode ? MSG.voiceClickToSend
    : recording ? MSG.voiceReleaseToSend
    : MSG.voicePressToTalk;

  return (
    <div className="voice-view">
      <div className="voice-stage">
        <Avatar size={72} src={robot.avatar || undefined} icon={<RobotOutlined />} />
        <div className="voice-robot-name">{robot.name}</div>
        {STATE_LABEL[talk.state] && (
          <div className="voice-state" role="status" data-state={talk.state}>
            {busy && <Spin size="small" />} {STATE_LABEL[talk.state]}
          </div>
        )}
        {talk.exchange && (
          <div className="voice-exchange">
            <div className="voice-question" aria-label="我的问题">{talk.exchange.question}</div>
            {talk.exchange.answer && <div className="voice-answer" aria-label="回答">{talk.exchange.answer}</div>}
            {talk.exchange.audioUrl ? (
              <audio ref={audio} className="voice-audio" src={talk.exchange.audioUrl} controls preload="auto" aria-label="朗读回答" />
            ) : talk.state === 'replied' && info.data?.tts === 'none' ? (
              <div className="chat-muted">{MSG.voiceNoTts}</div>
            ) : null}
          </div>
        )}
      </div>
      <div className="voice-controls">
        {noAsr && <Alert type="info" showIcon title={MSG.voiceNeedsAsr} />}
        {talk.micError && <Alert type="error" showIcon title={talk.micError} />}
        {recording && <div className="voice-clock" aria-live="polite">{clock(talk.elapsed)}</div>}
        <Flex gap={12} align="center" justify="center">
          <button
            type="button"
            className={`voice-button${recording ? ' is-recording' : ''}${talk.cancelArmed ? ' is-cancel' : ''}`}
            disabled={disabled || noAsr || busy || (loggedIn && info.isPending)}
            onPointerDown={onPointerDown}
            onPointerMove={(e) => talk.move(e.clientY)}
            onPointerUp={onPointerUp}
            onPointerCancel={() => talk.cancel()}
            onContextMenu={(e) => e.preventDefault()}
          >
            <AudioOutlined /> {label}
          </button>
          {talk.clickMode && <Button onClick={talk.cancel}>{MSG.voiceCancel}</Button>}
        </Flex>
        <div className="chat-footer-note">{MSG.aiFooter}</div>
      </div>
    </div>
  );
}
