import { ChatLower } from '@xueban/contract/calls/chat';
import type { CallInput } from '@xueban/contract/call';
import { call } from '../../../lib/api.ts';

/**
 * POST /api/ai/chat/stop — 停止回答 by the send's client message id. Closing the stream stops the
 * answer on the node it reached; this call reaches whichever node holds it (several nodes behind a proxy).
 */
export const stopReply = (input: CallInput<typeof ChatLower.stop>) => call(ChatLower.stop, input, { quiet: true });
