import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@xueban/contract/messages';
import { MicError, MicRecorder } from './mic-recorder.ts';

/**
 * The browser's microphone is the edge of the world: getUserMedia and Web Audio are stood in for
 * by a fake graph whose processor the test feeds with buffers, as the audio thread would.
 */
let processor: { onaudioprocess: ((e: { inputBuffer: { getChannelData: () => Float32Array } }) => void) | null };
let trackStopped = 0;

class FakeAudioContext {
  sampleRate: number;
  state = 'running';
  constructor(o: { sampleRate: number }) { this.sampleRate = o.sampleRate; }
  createMediaStreamSource() { return { connect() {}, disconnect() {} }; }
  createScriptProcessor() {
    processor = { onaudioprocess: null };
    return Object.assign(processor, { connect() {}, disconnect() {} });
  }
  get destination() { return {}; }
  resume() { return Promise.resolve(); }
  close() { return Promise.resolve(); }
}

const feed = (seconds: number, level: number) => {
  const buffer = new Float32Array(4800).fill(level); // 100 ms at 48 kHz
  for (let i = 0; i < seconds * 10; i++) processor.onaudioprocess?.({ inputBuffer: { getChannelData: () => buffer } });
};

describe('MicRecorder (counts time in samples: 60 s, 5 s of silence)', () => {
  beforeEach(() => {
    trackStopped = 0;
    vi.stubGlobal('AudioContext', FakeAudioContext);
    vi.stubGlobal('navigator', { mediaDevices: { getUserMedia: () => Promise.resolve({ getTracks: () => [{ stop: () => trackStopped++ }] }) } });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('stops by itself at 60 s and gives a 48 kHz 16-bit WAV of that length; the microphone is released', async () => {
    const onStop = vi.fn();
    const rec = await MicRecorder.open(onStop);
    feed(30, 0.3);
    expect(onStop).not.toHaveBeenCalled();
    feed(31, 0.3);
    expect(onStop).toHaveBeenCalledExactlyOnceWith('max');
    const r = rec.finish();
    expect(r.ms).toBe(60_000);
    expect(r.bytes).toBe(44 + 60 * 48_000 * 2);
    expect(r.hadSound).toBe(true);
    expect(trackStopped).toBe(1);
  });

  it('stops after 5 s of silence, telling whether anything was heard before', async () => {
    const silent = vi.fn();
    const a = await MicRecorder.open(silent);
    feed(4.9, 0);
    expect(silent).not.toHaveBeenCalled();
    feed(0.2, 0);
    expect(silent).toHaveBeenCalledExactlyOnceWith('silence');
    expect(a.finish().hadSound).toBe(false);

    const spoke = vi.fn();
    const b = await MicRecorder.open(spoke);
    feed(2, 0.4);
    feed(4, 0);
    feed(0.5, 0.4); // speech again: the silence count starts over
    feed(4.5, 0);
    expect(spoke).not.toHaveBeenCalled();
    feed(0.6, 0);
    expect(spoke).toHaveBeenCalledExactlyOnceWith('silence');
    expect(b.finish().hadSound).toBe(true);
  });

  it('a refused microphone says how to allow it', async () => {
    vi.stubGlobal('navigator', { mediaDevices: { getUserMedia: () => Promise.reject(Object.assign(new Error('denied'), { name: 'NotAllowedError' })) } });
    await expect(MicRecorder.open(() => {})).rejects.toEqual(new MicError(MSG.voiceMicDenied));
    vi.stubGlobal('navigator', { mediaDevices: { getUserMedia: () => Promise.reject(Object.assign(new Error('none'), { name: 'NotFoundError' })) } });
    await expect(MicRecorder.open(() => {})).rejects.toEqual(new MicError(MSG.voiceMicMissing));
  });
});
