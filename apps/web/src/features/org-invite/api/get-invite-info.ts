import { queryOptions } from '@tanstack/react-query';
import type { CallResult } from '@xueban/contract/call';
import { User } from '@xueban/contract/calls/uc';
import { Code, SUCCESS_CODES, type Envelope } from '@xueban/contract/codes';
import { LIMITS } from '@xueban/contract/limits';
import { MSG } from '@xueban/contract/messages';
import { showError } from '../../../lib/api.ts';
import type { InviteParams } from '../lib/invite-link.ts';

type InviteData = CallResult<typeof User.getUserInviteInfo>;

/** What the invite dialogue shows: a dead link, or the organisation and whether the caller is in it. */
export type InviteInfo =
  | { state: 'invalid' }
  | ({ state: 'joined' | 'open' } & Pick<InviteData, 'group_id' | 'group_name'>);


/**
 * GET /api/uc/User/getUserInviteInfo {code, expire_time}. A dead link is an expected answer
 * here (404 → 链接不存在或已失效, shown by the invite dialogue itself), so this call does not
 * go through the request layer, which would also toast the server's message: the user would
 * read it twice. Other failures are toasted like any call (codes above 50000 stay silent).
 */
export async function getInviteInfo(invite: InviteParams, signal?: AbortSignal): Promise<InviteInfo> {
  const qs = new URLSearchParams({ code: invite.invite_code, expire_time: String(invite.expire_time) });
  const timeout = AbortSignal.timeout(LIMITS.timeouts.requestMs);
  let res: Response;
  let body: Partial<Envelope<InviteData>> | undefined;
  try {
    res = await fetch(`${User.getUserInviteInfo.path}?${qs.toString()}`, {
      credentials: 'include',
      headers: { accept: 'application/json' },
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    body = (await res.json().catch(() => undefined)) as Partial<Envelope<InviteData>> | undefined;
  } catch (err) {
    if (!signal?.aborted) showError(MSG.requestFailed);
    throw err;
  }
  if (body?.code !== undefined && SUCCESS_CODES.includes(body.code) && body.data) {
    const { group_id, group_name, has_joined } = body.data;
    return { state: has_joined ? 'joined' : 'open', group_id, group_name };
  }
  // Unknown, expired or malformed link (the server rejects a non-numeric expire_time as invalid input).
  if (res.status === 404 || res.status === 400 || body?.code === Code.NOT_FOUND || body?.code === Code.VALIDATION) {
    return { state: 'invalid' };
  }
  const msg = body?.msg || MSG.requestFailed;
  if (!(body?.code !== undefined && body.code > 50000)) showError(msg);
  throw new Error(msg);
}

export const inviteInfoQueryOptions = (invite: InviteParams | null) =>
  queryOptions({
    queryKey: ['uc', 'User', 'getUserInviteInfo', invite?.invite_code, invite?.expire_time],
    queryFn: ({ signal }) => getInviteInfo(invite!, signal),
    enabled: !!invite,
    staleTime: 0,
  });
