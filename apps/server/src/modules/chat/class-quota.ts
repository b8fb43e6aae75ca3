import type { ChatStreamBody } from '@xueban/contract/chat';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { conflict } from '../../lib/errors.ts';
import { giveBackDailyQuestion, takeDailyQuestion } from '../teams/team-records.service.ts';
import { findByClientMsgId, findOwnSession } from './reply-store.ts';

export interface QuotaCheck {
  /** The refusal at the quota, or null: go ahead. */
  refusal: Error | null;
  /** Gives the counted question back when the send is refused later (robot closed, session gone). */
  giveBack: () => Promise<void>;
}

const NOTHING_TAKEN: QuotaCheck = { refusal: null, giveBack: async () => {} };

/**
 * A class's daily question quota (teams owns quotas and counts): a new question of a class's
 * student is counted, and at the quota refused before anything is stored. A retried send (its
 * client message id already stored) is a replay, not a new question.
 */
export async function classQuota(db: Db, me: AuthContext, body: ChatStreamBody): Promise<QuotaCheck> {
  const session = await findOwnSession(db, { userId: me.userId, groupId: me.groupId }, body.category_id);
  if (!session) return NOTHING_TAKEN;
  if (body.client_msg_id && (await findByClientMsgId(db, session.id, body.client_msg_id))) return NOTHING_TAKEN;
  const refusal = await takeDailyQuestion(db, session.robotId, me.userId);
  if (refusal) return { refusal: conflict(refusal), giveBack: async () => {} };
  return { refusal: null, giveBack: () => giveBackDailyQuestion(db, session.robotId, me.userId) };
}
