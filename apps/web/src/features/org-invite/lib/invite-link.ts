import { matchPath } from 'react-router';
import { ROUTES } from '../../../app/paths.ts';

/**
 * Organisation invite links (spec §4): the server hands out
 * `/home?invite_code=…&expire_time=…&from=invite`. A link is only good with both values.
 */
export interface InviteParams {
  invite_code: string;
  /** Unix seconds, as in the link. */
  expire_time: number;
}

export const INVITE_KEYS = ['invite_code', 'expire_time', 'from'] as const;

/**
 * Whether an address carries an organisation invite (`from=invite` with `invite_code`). The robot
 * about page's `invite_code` is a team invite (its link also says `from=invite`), which the
 * robot's own dialogue handles, so it is never taken for an organisation's.
 */
export function isOrgInvite(pathname: string, params: URLSearchParams): boolean {
  if (params.get('from') !== 'invite' || !params.has('invite_code')) return false;
  return !matchPath(ROUTES['robot-about'].path, pathname);
}

/** The invite of a query string, or null when it carries none (or a malformed one). */
export function inviteFromSearch(params: URLSearchParams): InviteParams | null {
  const code = params.get('invite_code')?.trim() ?? '';
  const expire = params.get('expire_time')?.trim() ?? '';
  if (!code || code.length > 64 || !/^\d{1,12}$/.test(expire)) return null;
  return { invite_code: code, expire_time: Number(expire) };
}

/** An invite link as pasted by a user (full URL, path or bare query string). */
export function parseInviteLink(text: string): InviteParams | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  try {
    const url = new URL(trimmed.startsWith('?') ? `/home${trimmed}` : trimmed, window.location.origin);
    return inviteFromSearch(url.searchParams);
  } catch {
    return null;
  }
}

/** The link for an invite, on this site (what the join form shows when opened from a link). */
export function inviteLink({ invite_code, expire_time }: InviteParams): string {
  const qs = new URLSearchParams({ invite_code, expire_time: String(expire_time), from: 'invite' });
  return `${window.location.origin}/home?${qs.toString()}`;
}
