import { VOICE } from '@xueban/contract/constants/voice';
import { MSG } from '@xueban/contract/messages';
import { encodeWav, peakOf, resample } from './wav-encoder.ts';

/** Why the microphone could not be used, in words the learner can act on. */
export class MicError extends Error {}

export interface Recording { wav: Blob; bytes: number; hadSound: boolean; ms: number }

/**
 * The microphone, recorded as WAV in the browser (spec §9): mono float samples from a Web Audio
 * graph at 48 000 Hz, encoded to 16-bit PCM when the recording ends. Time is counted in samples,
 * so the 60 s limit and the 5 s of silence do not depend on timers under load. `onAutoStop` is
 * called once when either is reached; the owner then finishes the recording.
 */
export class MicRecorder {
  private readonly chunks: Float32Array[] = [];
  private samples = 0;
  private silentSamples = 0;
  private hadSound = false;
  private stopped = false;

  private constructor(
    private readonly stream: MediaStream,
    private readonly ctx: AudioContext,
    private readonly nodes: AudioNode[],
  ) {}

  static async open(onAutoStop: (reason: 'max' | 'silence') => void): Promise<MicRecorder> {
    if (!navigator.mediaDevices?.getUserMedia || typeof AudioContext === 'undefined') throw new MicError(MSG.voiceUnsupported);
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: { channelCount: 1 } });
    } catch (err) {
      const name = (err as { name?: string }).name;
      throw new MicError(name === 'NotFoundError' || name === 'OverconstrainedError' ? MSG.voiceMicMissing
        : name === 'NotAllowedError' || name === 'SecurityError' ? MSG.voiceMicDenied : MSG.voiceUnsupported);
    }
    const ctx = new AudioContext({ sampleRate: VOICE.sampleRate });
    const source = ctx.createMediaStreamSource(stream);
    // ScriptProcessor rather than an AudioWorklet: no module to fetch (the page's CSP stays as it
    // is) and it runs in every browser with Web Audio; 4096 samples is 85 ms at 48 kHz.
    const processor = ctx.createScriptProcessor(4096, 1, 1);
    const rec = new MicRecorder(stream, ctx, [source, processor]);
    processor.onaudioprocess = (e) => rec.take(e.inputBuffer.getChannelData(0), onAutoStop);
    source.connect(processor);
    // The processor only runs when connected; its output stays silent.
    processor.connect(ctx.destination);
    if (ctx.state === 'suspended') await ctx.resume();
    return rec;
  }

  private take(input: Float32Array, onAutoStop: (reason: 'max' | 'silence') => void) {
    if (this.stopped) return;
    const rate = this.ctx.sampleRate;
    const chunk = resample(new Float32Array(input), rate, VOICE.sampleRate);
    this.chunks.push(chunk);
    this.samples += chunk.length;
    if (peakOf(chunk) >= VOICE.silenceLevel) {
      this.hadSound = true;
      this.silentSamples = 0;
    } else {
      this.silentSamples += chunk.length;
    }
    const ms = (n: number) => (n * 1000) / VOICE.sampleRate;
    if (ms(this.samples) >= VOICE.maxMs) {
      this.stopped = true;
      onAutoStop('max');
    } else if (ms(this.silentSamples) >= VOICE.silenceStopMs) {
      this.stopped = true;
      onAutoStop('silence');
    }
  }

  elapsedMs(): number {
    return Math.min(VOICE.maxMs, (this.samples * 1000) / VOICE.sampleRate);
  }

  /** Ends the recording: the WAV and whether anything was heard. The microphone is released. */
  finish(): Recording {
    this.close();
    const buf = encodeWav(this.chunks, VOICE.sampleRate);
    return { wav: new Blob([buf], { type: 'audio/wav' }), bytes: buf.byteLength, hadSound: this.hadSound, ms: this.elapsedMs() };
  }

  /** Releases the microphone (the browser's recording indicator goes off). */
  close() {
    this.stopped = true;
    for (const n of this.nodes) n.disconnect();
    for (const t of this.stream.getTracks()) t.stop();
    void this.ctx.close().catch(() => {});
  }
}
