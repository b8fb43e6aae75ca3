import type { FastifyBaseLogger } from 'fastify';
import { Code } from '@xueban/contract/codes';
import { MSG } from '@xueban/contract/messages';
import { VOICE_MAX_BYTES, VOICE_SCENE } from '@xueban/contract/constants/voice';
import type { VoiceGenerateResult, VoiceInfo } from '@xueban/contract/voice';
import type { Deps } from '../../types.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { espeakAvailable, espeakSpeak, speakableText, synthesize, transcribe } from '../../ai/speech.ts';
import { resolveModelFor } from '../ai-models/model-choice.ts';
import { ownRecordAnswer } from '../chat/records.service.ts';
import { FILE_URL_PREFIX, fileKeyOf } from '../files/file-links.ts';
import { deleteFiles, fileKeysOfScene, readFileFor, storeBytes } from '../files/generated-files.ts';
import { findClip, keysInUse, saveClip } from './voice.repo.ts';

/** A provider that failed, timed out or was refused by the egress guard: spec §8's words. */
const voiceFailed = () => new AppError(502, Code.SERVER_ERROR, MSG.voiceFailed);

/** voiceInfo: whether recordings can be understood and how answers are spoken. */
export async function voiceInfo(deps: Deps): Promise<VoiceInfo> {
  const [asr, tts] = await Promise.all([resolveModelFor(deps, 'asr'), resolveModelFor(deps, 'tts')]);
  return { asr: !!asr, tts: tts ? 'provider' : espeakAvailable(deps.config.ESPEAK_BIN) ? 'builtin' : 'none' };
}

/**
 * voiceTransferHs: the caller's recording (uploaded in the voice scene) to text, by the
 * platform's speech-to-text model. The recording has served once transcribed (or refused), so
 * it is deleted then; one never transcribed is removed by the sweeper.
 */
export async function voiceTransfer(deps: Deps, me: AuthContext, body: { url: string; fileName: string }, log?: FastifyBaseLogger): Promise<string> {
  const key = fileKeyOf(body.url, deps.config.PUBLIC_URL);
  if (!key) throw badRequest(MSG.voiceFileInvalid);
  const found = await readFileFor(deps, key, { userId: me.userId, isSuperAdmin: false }, VOICE_MAX_BYTES);
  // Only the caller's own recording: another's (even in the same organisation) reads as missing.
  if (!found || found.file.scene !== VOICE_SCENE || found.file.userId !== me.userId) throw badRequest(MSG.voiceFileInvalid);
  try {
    const model = await resolveModelFor(deps, 'asr');
    if (!model) throw badRequest(MSG.voiceNeedsAsr);
    try {
      return await transcribe(model.client, model.model, found.bytes, body.fileName, deps.config.VOICE_TIMEOUT_MS);
    } catch (err) {
      log?.warn({ err: String(err) }, 'speech to text failed');
      throw voiceFailed();
    }
  } finally {
    await deleteFiles(deps, [key]).catch((err: unknown) => log?.error({ err }, 'deleting a recording failed'));
  }
}

/**
 * voiceGenerate: the caller's exchange read aloud, cached per record. A TTS model speaks when
 * one is configured, else the built-in espeak-ng Mandarin voice when installed; with neither,
 * fileUrl is '' and the reply is only shown.
 */
export async function voiceGenerate(deps: Deps, me: AuthContext, recordId: number, log?: FastifyBaseLogger): Promise<VoiceGenerateResult> {
  const record = await ownRecordAnswer(deps, me, recordId);
  const reply = record.answer;
  const text = speakableText(reply);
  if (record.status === 'streaming' || !text) throw badRequest(MSG.voiceNoReply);
  const cached = await findClip(deps.db, record.id);
  if (cached) return { fileUrl: FILE_URL_PREFIX + cached.fileKey, reply };

  const model = await resolveModelFor(deps, 'tts');
  const builtin = !model && espeakAvailable(deps.config.ESPEAK_BIN);
  if (!model && !builtin) return { fileUrl: '', reply };
  let audio: Buffer;
  try {
    audio = model
      ? await synthesize(model.client, model.model, text, deps.config.VOICE_TIMEOUT_MS)
      : await espeakSpeak(deps.config.ESPEAK_BIN, text, deps.config.VOICE_TIMEOUT_MS);
  } catch (err) {
    log?.warn({ err: String(err) }, 'text to speech failed');
    throw voiceFailed();
  }
  const stored = await storeBytes(deps, { userId: me.userId, groupId: record.groupId }, VOICE_SCENE, audio, `answer-${record.id}.${model ? 'mp3' : 'wav'}`)
    .catch((err: unknown) => {
      log?.warn({ err: String(err) }, 'storing a spoken answer failed');
      throw voiceFailed();
    });
  const kept = await saveClip(deps.db, { recordId: record.id, groupId: record.groupId, fileKey: stored.key, voice: model ? 'provider' : 'builtin' });
  // Two requests raced: the other's audio is kept, ours goes.
  if (kept.fileKey !== stored.key) await deleteFiles(deps, [stored.key]);
  return { fileUrl: FILE_URL_PREFIX + kept.fileKey, reply };
}

/**
 * Removes voice files no clip names (their exchange or conversation was deleted) and recordings
 * never transcribed, once older than `graceMs` (a recording is transcribed seconds after upload).
 */
export async function sweepVoiceFiles(deps: Deps, graceMs: number): Promise<number> {
  const keys = await fileKeysOfScene(deps, VOICE_SCENE, new Date(Date.now() - graceMs));
  const used = await keysInUse(deps.db, keys);
  const orphans = keys.filter((k) => !used.has(k));
  await deleteFiles(deps, orphans);
  return orphans.length;
}
