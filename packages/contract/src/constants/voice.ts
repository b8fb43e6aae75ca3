/**
 * Recording constants of the voice view (spec §4, §9), without zod so the web loads them alone.
 */
export const VOICE = {
  /** Recording stops by itself after this (录音超过60秒，自动停止录音！). */
  maxMs: 60_000,
  sampleRate: 48_000,
  bitDepth: 16,
  channels: 1,
  /** A WAV at most this big (header included) is not sent: "I didn't quite hear you". */
  minBytes: 8_192,
  /** This long without sound stops the recording. */
  silenceStopMs: 5_000,
  /** Sliding up this far from the press point cancels (the button turns red). */
  cancelSlidePx: 50,
  /** A press shorter than this is a click: recording goes on until 点击发送 or 取消. Ours. */
  clickMaxMs: 350,
  /** Peak level (0..1) under which a buffer counts as silence. Ours. */
  silenceLevel: 0.01,
} as const;

/** The upload scene of recordings and synthesised answers (issue 26). */
export const VOICE_SCENE = 'voice';
/** Voice files follow the attachment limit (spec §5: 10 MB each); a 60 s recording is 5.8 MB. */
export const VOICE_MAX_BYTES = 10 * 1024 * 1024;
