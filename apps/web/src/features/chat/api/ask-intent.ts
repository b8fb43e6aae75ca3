import type { CallInput } from '@xueban/contract/call';
import { Intent } from '@xueban/contract/calls/intents';
import type { AskIntentResult } from '@xueban/contract/intents';
import { MSG } from '@xueban/contract/messages';
import { call } from '../../../lib/api.ts';
import { showWarning } from '../../../lib/toast.ts';

export type AskIntentInput = Omit<CallInput<typeof Intent.ask>, 'is_chat_recommend'>;

/**
 * POST /api/ai/intent/ask {id, is_chat_recommend:1, recommend_ask, category_id, robot_id} → {records_id, content_module}.
 * An intent without content comes back with records_id 0: the warning 该意图没有推荐内容！ is shown and null returned.
 */
export async function askIntent(b: AskIntentInput): Promise<AskIntentResult | null> {
  const res = await call(Intent.ask, { ...b, is_chat_recommend: 1 });
  if (!res.records_id || res.content_module.length === 0) {
    showWarning(MSG.intentNoContent);
    return null;
  }
  return res;
}
