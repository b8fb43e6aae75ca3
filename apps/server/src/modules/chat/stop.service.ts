import type { Deps } from '../../types.ts';
import type { AuthContext } from '../../lib/auth.ts';
import type { OpenStreams } from './open-streams.ts';
import { findByClientMsgId } from './reply-store.ts';
import { ownSession } from './sessions.service.ts';

const CHANNEL = 'chat-stop';

/**
 * 停止回答 by name: the caller's own send (session and client message id), announced to every
 * node (Redis; in process without it) so that the one holding the upstream call aborts it. The
 * reply then ends `stopped` with its partial text, as when the client closes the stream. A reply
 * already ended, or not stored yet, has nothing to stop.
 */
export async function stopReply(deps: Deps, me: AuthContext, body: { category_id: number; client_msg_id: string }) {
  const session = await ownSession(deps, me, body.category_id);
  const record = await findByClientMsgId(deps.db, session.id, body.client_msg_id);
  if (record?.status === 'streaming') await deps.cluster.publish(CHANNEL, String(record.id));
}

/** Stops the replies announced on the channel that stream on this node; the function returned stops listening. */
export function listenForStops(deps: Deps, streams: OpenStreams): () => void {
  return deps.cluster.subscribe(CHANNEL, (message) => streams.stop(Number(message)));
}
