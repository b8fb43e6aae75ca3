/**
 * WAV encoding of a recording (spec §9: 48 000 Hz, 16-bit, mono, saved as wav): the microphone's
 * float samples, clamped to [-1, 1], as little-endian 16-bit PCM after a 44-byte RIFF header.
 */
export const WAV_HEADER_BYTES = 44;

export function encodeWav(chunks: readonly Float32Array[], sampleRate: number): ArrayBuffer {
  const samples = chunks.reduce((n, c) => n + c.length, 0);
  const dataBytes = samples * 2;
  const buf = new ArrayBuffer(WAV_HEADER_BYTES + dataBytes);
  const v = new DataView(buf);
  const ascii = (at: number, s: string) => { for (let i = 0; i < s.length; i++) v.setUint8(at + i, s.charCodeAt(i)); };
  ascii(0, 'RIFF');
  v.setUint32(4, 36 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  v.setUint32(16, 16, true); // fmt chunk size
  v.setUint16(20, 1, true); // PCM
  v.setUint16(22, 1, true); // mono
  v.setUint32(24, sampleRate, true);
  v.setUint32(28, sampleRate * 2, true); // byte rate: rate × channels × 2 bytes
  v.setUint16(32, 2, true); // block align
  v.setUint16(34, 16, true); // bits per sample
  ascii(36, 'data');
  v.setUint32(40, dataBytes, true);
  let at = WAV_HEADER_BYTES;
  for (const chunk of chunks) {
    for (const x of chunk) {
      const s = Math.max(-1, Math.min(1, x));
      v.setInt16(at, s < 0 ? Math.round(s * 0x8000) : Math.round(s * 0x7fff), true);
      at += 2;
    }
  }
  return buf;
}

/**
 * Linear resampling, for a browser whose audio runs at another rate than the 48 000 Hz asked
 * for (the recording is still saved at 48 000 Hz).
 */
export function resample(input: Float32Array, from: number, to: number): Float32Array {
  if (from === to || !input.length) return input;
  const out = new Float32Array(Math.max(1, Math.round((input.length * to) / from)));
  const step = from / to;
  for (let i = 0; i < out.length; i++) {
    const pos = i * step;
    const j = Math.floor(pos);
    const a = input[Math.min(j, input.length - 1)]!;
    const b = input[Math.min(j + 1, input.length - 1)]!;
    out[i] = a + (b - a) * (pos - j);
  }
  return out;
}

/** The peak level of a buffer (0..1): under a threshold it counts as silence. */
export function peakOf(samples: Float32Array): number {
  let peak = 0;
  for (const x of samples) {
    const a = Math.abs(x);
    if (a > peak) peak = a;
  }
  return peak;
}
