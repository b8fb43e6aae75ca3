import { describe, expect, it } from 'vitest';
import { MSG } from '@xueban/contract/messages';
import { clock, outcomeOf, slideCancels } from './voice-rules.ts';

describe('a finished recording (spec §4, §8, §9)', () => {
  it('a release after sliding up sends nothing and says nothing', () => {
    expect(outcomeOf('cancel', 500_000, true)).toEqual({ kind: 'cancelled' });
  });
  it('8 192 bytes or fewer: the hint, not sent', () => {
    expect(outcomeOf('release', 8_192, true)).toEqual({ kind: 'drop', notice: MSG.voiceTooShort });
    expect(outcomeOf('release', 8_193, true)).toEqual({ kind: 'send' });
  });
  it('no sound at all (the 0:05 silent recording): cancelled with 录音文件无内容，已取消本次录音！', () => {
    expect(outcomeOf('silence', 480_044, false)).toEqual({ kind: 'drop', notice: MSG.recordEmptyCancelled });
    expect(outcomeOf('release', 100_000, false)).toEqual({ kind: 'drop', notice: MSG.recordEmptyCancelled });
  });
  it('stopped at 60 s or after 5 s of silence following speech: sent, with the reason', () => {
    expect(outcomeOf('max', 5_760_044, true)).toEqual({ kind: 'send', notice: MSG.recordTooLong });
    expect(outcomeOf('silence', 700_000, true)).toEqual({ kind: 'send', notice: MSG.recordSilenceStopped });
  });
  it('sliding up 50 px or more cancels', () => {
    expect(slideCancels(300, 251)).toBe(false);
    expect(slideCancels(300, 250)).toBe(true);
  });
  it('shows the length as m:ss', () => {
    expect(clock(5_400)).toBe('0:05');
    expect(clock(60_000)).toBe('1:00');
  });
});
