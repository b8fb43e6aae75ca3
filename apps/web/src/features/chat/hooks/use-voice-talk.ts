import { useCallback, useEffect, useRef, useState } from 'react';
import { LIMITS } from '@xueban/contract/limits';
import { MSG } from '@xueban/contract/messages';
import { VOICE, VOICE_SCENE } from '@xueban/contract/constants/voice';
import { showWarning } from '../../../lib/toast.ts';
import { uploadFile } from '../../../lib/upload.ts';
import { voiceGenerate } from '../api/voice-generate.ts';
import { voiceTransfer } from '../api/voice-transfer.ts';
import { MicError, MicRecorder } from '../lib/mic-recorder.ts';
import { outcomeOf, slideCancels, type StopReason } from '../lib/voice-rules.ts';
import { useChatStream } from '../stores/chat-stream.ts';

/** idle → recording → transcribing → thinking → replied (spec §4: recording, then thinking and replied). */
export type TalkState = 'idle' | 'starting' | 'recording' | 'transcribing' | 'thinking' | 'replied';

export interface Exchange { question: string; answer: string; audioUrl: string }

/**
 * The voice view's conversation (spec §2, §4): press to record (or click, then 点击发送 / 取消),
 * slide up 50 px to cancel, stops by itself at 60 s or after 5 s of silence; the recording is
 * uploaded, transcribed (voiceTransferHs), asked as a short spoken question (is_short) through
 * the chat stream, and the answer is read aloud (voiceGenerate).
 */
export function useVoiceTalk(o: { ask: (text: string) => boolean; canStart: () => boolean }) {
  const [state, setState] = useState<TalkState>('idle');
  const [clickMode, setClickMode] = useState(false);
  const [cancelArmed, setCancelArmed] = useState(false);
  const [elapsed, setElapsed] = useState(0);
  const [micError, setMicError] = useState('');
  const [exchange, setExchange] = useState<Exchange | null>(null);
  const rec = useRef<MicRecorder | null>(null);
  const press = useRef<{ at: number; y: number; released: boolean; heldMs: number; cancel: boolean } | null>(null);
  const [replyKey, setReplyKey] = useState<string | null>(null);
  // The latest callbacks, for a recording that ends by itself long after it started.
  const opts = useRef(o);
  useEffect(() => {
    opts.current = o;
  });
  const live = useChatStream((s) => s.live);

  // The clock on the button, while recording.
  useEffect(() => {
    if (state !== 'recording') return;
    const timer = setInterval(() => setElapsed(rec.current?.elapsedMs() ?? 0), 200);
    return () => clearInterval(timer);
  }, [state]);

  // Releases the microphone when the view goes away mid-recording.
  useEffect(() => () => rec.current?.close(), []);

  const finish = useCallback(async (reason: StopReason) => {
    const r = rec.current;
    rec.current = null;
    setCancelArmed(false);
    setClickMode(false);
    if (!r) return;
    const recording = r.finish();
    const outcome = outcomeOf(reason, recording.bytes, recording.hadSound);
    if (outcome.kind !== 'send') {
      if (outcome.kind === 'drop') showWarning(outcome.notice);
      setState('idle');
      return;
    }
    if (outcome.notice) showWarning(outcome.notice);
    setState('transcribing');
    try {
      const file = new File([recording.wav], `voice-${Date.now()}.wav`, { type: 'audio/wav' });
      const stored = await uploadFile(file, {
        scene: VOICE_SCENE, timeoutMs: LIMITS.timeouts.longCallMs, failMessage: MSG.voiceFailed, accept: (d) => !!d.url,
      });
      const text = (await voiceTransfer(stored.url!, file.name)).trim();
      if (!text) {
        showWarning(MSG.voiceTooShort);
        setState('idle');
        return;
      }
      setExchange({ question: text, answer: '', audioUrl: '' });
      if (!opts.current.ask(text)) {
        setState('idle');
        return;
      }
      setReplyKey(useChatStream.getState().pending?.replyKey ?? null);
      setState('thinking');
    } catch {
      // The request layer has shown why (the server's words, e.g. 语音对话异常，请重试).
      setState('idle');
    }
  }, []);

  const start = useCallback(async (y: number) => {
    if (state !== 'idle' && state !== 'replied') return;
    if (!opts.current.canStart()) return;
    setMicError('');
    press.current = { at: Date.now(), y, released: false, heldMs: 0, cancel: false };
    setState('starting');
    setElapsed(0);
    try {
      rec.current = await MicRecorder.open((reason) => void finish(reason));
    } catch (err) {
      const msg = err instanceof MicError ? err.message : MSG.voiceUnsupported;
      // Said once, in the view's alert that stays until the next try (not also as a passing toast).
      setMicError(msg);
      setState('idle');
      return;
    }
    setState('recording');
    // Released (or slid away) while the microphone was opening.
    const p = press.current;
    if (p?.released) {
      if (p.cancel) void finish('cancel');
      else if (p.heldMs < VOICE.clickMaxMs) setClickMode(true);
      else void finish('release');
    }
  }, [state, finish]);

  const move = useCallback((y: number) => {
    const p = press.current;
    if (!p || p.released || clickMode) return;
    p.cancel = slideCancels(p.y, y);
    setCancelArmed(p.cancel);
  }, [clickMode]);

  const release = useCallback(() => {
    const p = press.current;
    if (!p || p.released) return;
    p.released = true;
    // How long it was held, not how long the microphone took to open.
    p.heldMs = Date.now() - p.at;
    if (!rec.current) return; // still opening: start() decides
    if (p.cancel) void finish('cancel');
    else if (p.heldMs < VOICE.clickMaxMs) setClickMode(true);
    else void finish('release');
  }, [finish]);

  /** Click mode: 点击发送 on the button, or 取消. */
  const send = useCallback(() => void finish('release'), [finish]);
  const cancel = useCallback(() => void finish('cancel'), [finish]);

  // The answer: shown as it streams (from the chat stream store), then read aloud once the
  // exchange ended with its record.
  const streamed = replyKey ? live.find((m) => m.key === replyKey) : undefined;
  useEffect(() => {
    if (!replyKey) return;
    return useChatStream.subscribe((s) => {
      if (s.pending?.replyKey === replyKey) return; // still streaming
      const done = s.live.find((m) => m.key === replyKey);
      setReplyKey(null);
      if (!done || done.status === 'failed' || done.recordId === undefined) {
        // A connection failure removed the messages (and said why); a failed reply shows its words.
        setExchange((e) => (e && done ? { ...e, answer: done.content } : e));
        setState('idle');
        return;
      }
      setExchange((e) => (e ? { ...e, answer: done.content } : e));
      setState('replied');
      voiceGenerate(done.recordId).then(
        (v) => setExchange((e) => (e ? { ...e, answer: v.reply || e.answer, audioUrl: v.fileUrl } : e)),
        () => {},
      );
    });
  }, [replyKey]);
  const shown = exchange && streamed ? { ...exchange, answer: streamed.content } : exchange;

  return { state, clickMode, cancelArmed, elapsed, micError, exchange: shown, start, move, release, send, cancel };
}
