/** Schemas of the voice calls (spec §7 "Chat": voiceTransferHs, voiceGenerate; issue 26). */
import { z } from 'zod';
import { idSchema } from './uc.ts';

/** POST voiceTransferHs: a recording uploaded (scene voice) and its name. */
export const voiceTransferBody = z.object({
  url: z.string().trim().min(1).max(1000),
  fileName: z.string().trim().min(1).max(200),
});

/** GET voiceGenerate: the exchange whose answer is spoken. */
export const voiceGenerateQuery = z.object({ record_id: idSchema });

export const voiceGenerateSchema = z.object({
  /** The spoken answer ('' when no voice is available: the reply is then only shown). */
  fileUrl: z.string(),
  /** The answer as text. */
  reply: z.string(),
});
export type VoiceGenerateResult = z.output<typeof voiceGenerateSchema>;

/** What the voice view can do on this platform (ours: the spec names no such call). */
export const voiceInfoSchema = z.object({
  /** A speech-to-text model is configured: recordings can be understood. */
  asr: z.boolean(),
  /** Answers are spoken: 'provider' (a TTS model), 'builtin' (espeak-ng) or 'none' (text only). */
  tts: z.enum(['provider', 'builtin', 'none']),
});
export type VoiceInfo = z.output<typeof voiceInfoSchema>;
