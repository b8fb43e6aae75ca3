import { hashKey, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { UserInfo } from '@xueban/contract/uc';
import { Passport } from '@xueban/contract/calls/uc';
import { ApiError, call } from './api.ts';

export const userInfoKey = ['uc', 'passport', 'getUserInfo'] as const;

/**
 * GET /api/uc/passport/getUserInfo — the logged-in user, or null when there is no valid
 * session cookie (50008 / 50014). It is the app's session probe, so a logged-out visit
 * neither shows an error nor pops the login dialog.
 */
export async function getUserInfo(signal?: AbortSignal): Promise<UserInfo | null> {
  try {
    return await call(Passport.getUserInfo, undefined, { signal, authProbe: true });
  } catch (err) {
    if (err instanceof ApiError && err.isSessionEnded) return null;
    throw err;
  }
}

/**
 * A probe that timed out or lost the network says nothing about the session: asked again, twice,
 * before the page decides the visitor is logged out (a busy server at the morning rush must not
 * send a signed-in learner to the login dialog).
 */
export const retryProbe = (failures: number, err: unknown) =>
  failures < 2 && err instanceof ApiError && (err.kind === 'timeout' || err.kind === 'network');

export const userInfoQueryOptions = () =>
  queryOptions({
    queryKey: userInfoKey,
    queryFn: ({ signal }) => getUserInfo(signal),
    staleTime: 5 * 60_000,
    retry: retryProbe,
    retryDelay: 300,
  });

export const useUserInfo = () => useQuery(userInfoQueryOptions());

/**
 * Sets who is logged in (a user, or null) and drops every other cached answer, which
 * belonged to the previous session.
 */
export function setSessionUser(queryClient: QueryClient, user: UserInfo | null) {
  const own = hashKey(userInfoKey);
  queryClient.removeQueries({ predicate: (q) => q.queryHash !== own });
  queryClient.setQueryData(userInfoKey, user);
}

/**
 * After a call that moved the user into another organisation (create or join one): reads who
 * they are now and drops every cached answer of the old organisation.
 */
export async function reloadSession(queryClient: QueryClient) {
  setSessionUser(queryClient, await getUserInfo());
}

/** After a profile change that answered with the new user info: nothing else is stale. */
export const setUserInfo = (queryClient: QueryClient, user: UserInfo) => queryClient.setQueryData(userInfoKey, user);
