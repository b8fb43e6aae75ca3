/** Calls of the voice view (spec §7 "Chat": voiceTransferHs, voiceGenerate). See call.ts. */
import { z } from 'zod';
import { defineCalls, get, post } from '../call.ts';
import { emptyQuery } from '../uc.ts';
import { voiceGenerateQuery, voiceGenerateSchema, voiceInfoSchema, voiceTransferBody } from '../voice.ts';

export const Voice = defineCalls('/api/ai', {
  voiceTransferHs: post('语音转文字（录音先以 voice 场景上传）', voiceTransferBody, z.string()),
  voiceGenerate: get('文字转语音：朗读一条对话记录的回答（60 秒超时，按记录缓存）', voiceGenerateQuery, voiceGenerateSchema),
  voiceInfo: get('语音能力：是否可语音识别、回答如何朗读', emptyQuery, voiceInfoSchema),
});
