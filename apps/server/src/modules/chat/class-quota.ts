import type { ChatStreamBody } from '@xueban/contract/chat';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { conflict } from '../../lib/errors.ts';
import { takeDailyQuestion } from '../teams/team-records.service.ts';
import { findByClientMsgId, findOwnSession } from './reply-store.ts';

/**
 * A class's daily question quota (teams owns quotas and counts): a new question of a class's
 * student is counted, and at the quota refused before anything is stored. A retried send (its
 * client message id already stored) is a replay, not a new question. Null: go ahead.
 */
export async function classQuotaRefusal(db: Db, me: AuthContext, body: ChatStreamBody): Promise<Error | null> {
  const session = await findOwnSession(db, { userId: me.userId, groupId: me.groupId }, body.category_id);
  if (!session) return null;
  if (body.client_msg_id && (await findByClientMsgId(db, session.id, body.client_msg_id))) return null;
  const refusal = await takeDailyQuestion(db, session.robotId, me.userId);
  return refusal ? conflict(refusal) : null;
}
