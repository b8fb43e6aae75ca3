import { VOICE } from '@xueban/contract/constants/voice';
import { MSG } from '@xueban/contract/messages';

/**
 * What becomes of a finished recording (spec §4, §8, §9), pure so it is tested without a
 * microphone: slid-up releases send nothing; a WAV of at most 8 192 bytes gets the "didn't hear
 * you" hint; a recording without any sound is cancelled with 录音文件无内容，已取消本次录音！;
 * the rest is sent, with the reason it stopped by itself (60 s, 5 s of silence after speech).
 */
export type StopReason = 'release' | 'max' | 'silence' | 'cancel';

export type Outcome =
  | { kind: 'send'; notice?: string }
  | { kind: 'drop'; notice: string }
  | { kind: 'cancelled' };

export function outcomeOf(reason: StopReason, bytes: number, hadSound: boolean): Outcome {
  if (reason === 'cancel') return { kind: 'cancelled' };
  if (bytes <= VOICE.minBytes) return { kind: 'drop', notice: MSG.voiceTooShort };
  if (!hadSound) return { kind: 'drop', notice: MSG.recordEmptyCancelled };
  if (reason === 'max') return { kind: 'send', notice: MSG.recordTooLong };
  if (reason === 'silence') return { kind: 'send', notice: MSG.recordSilenceStopped };
  return { kind: 'send' };
}

/** Sliding up at least 50 px from where the press began cancels (the button turns red). */
export const slideCancels = (startY: number, y: number) => startY - y >= VOICE.cancelSlidePx;

/** The recording's length as the button shows it: 0:05, 1:00. */
export function clock(ms: number): string {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
