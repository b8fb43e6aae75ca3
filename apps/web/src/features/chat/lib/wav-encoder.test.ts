import { describe, expect, it } from 'vitest';
import { VOICE } from '@xueban/contract/constants/voice';
import { encodeWav, peakOf, resample, WAV_HEADER_BYTES } from './wav-encoder.ts';

const text = (v: DataView, at: number, n: number) => String.fromCharCode(...Array.from({ length: n }, (_, i) => v.getUint8(at + i)));

describe('encodeWav (spec §9: 48 000 Hz, 16-bit, mono, wav)', () => {
  const second = new Float32Array(VOICE.sampleRate).map((_, i) => Math.sin((2 * Math.PI * 440 * i) / VOICE.sampleRate) * 0.5);
  const wav = encodeWav([second.subarray(0, 20_000), second.subarray(20_000)], VOICE.sampleRate);
  const v = new DataView(wav);

  it('writes a RIFF/WAVE header with a PCM fmt chunk and a data chunk', () => {
    expect(text(v, 0, 4)).toBe('RIFF');
    expect(v.getUint32(4, true)).toBe(wav.byteLength - 8);
    expect(text(v, 8, 4)).toBe('WAVE');
    expect(text(v, 12, 4)).toBe('fmt ');
    expect(v.getUint32(16, true)).toBe(16);
    expect(v.getUint16(20, true)).toBe(1); // PCM
    expect(text(v, 36, 4)).toBe('data');
  });

  it('is mono at 48 000 Hz and 16 bits per sample', () => {
    expect(v.getUint16(22, true)).toBe(1);
    expect(v.getUint32(24, true)).toBe(48_000);
    expect(v.getUint32(28, true)).toBe(48_000 * 2);
    expect(v.getUint16(32, true)).toBe(2);
    expect(v.getUint16(34, true)).toBe(16);
  });

  it('holds two bytes per sample: one second is 96 000 data bytes after the 44-byte header', () => {
    expect(v.getUint32(40, true)).toBe(96_000);
    expect(wav.byteLength).toBe(WAV_HEADER_BYTES + 96_000);
  });

  it('stores the samples as clamped little-endian 16-bit integers', () => {
    const w = new DataView(encodeWav([new Float32Array([0, 1, -1, 2, -2, 0.5])], 48_000));
    expect([0, 1, 2, 3, 4, 5].map((i) => w.getInt16(44 + i * 2, true))).toEqual([0, 32767, -32768, 32767, -32768, 16384]);
  });

  it('a recording shorter than about 85 ms stays under the 8 192-byte minimum', () => {
    expect(encodeWav([new Float32Array(4_000)], 48_000).byteLength).toBeLessThan(VOICE.minBytes);
    expect(encodeWav([new Float32Array(4_100)], 48_000).byteLength).toBeGreaterThan(VOICE.minBytes);
  });
});

describe('resample and peakOf', () => {
  it('resamples 44 100 Hz to 48 000 Hz keeping the duration', () => {
    expect(resample(new Float32Array(44_100), 44_100, 48_000).length).toBe(48_000);
    const same = new Float32Array([0.1, 0.2]);
    expect(resample(same, 48_000, 48_000)).toBe(same);
  });

  it('finds the loudest sample, so silence is told from sound', () => {
    expect(peakOf(new Float32Array(100))).toBe(0);
    expect(peakOf(new Float32Array([0.01, -0.4, 0.2]))).toBeCloseTo(0.4);
  });
});
