import { useEffect, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { User } from '@xueban/contract/calls/uc';
import { call } from '../../../lib/api.ts';
import { setSessionUser, useUserInfo } from '../../../lib/session.ts';
import { openLoginDialog } from '../../../lib/auth-dialogs.ts';
import { createRecheckLock, sessionStillValid } from '../lib/status-check.ts';

/**
 * spec §4 login state: on every route change and window focus (at most once per 3 s) ask
 * GET /api/uc/User/checkUserStatus; a disabled account or a lost organisation logs out and resets.
 */
export function useStatusCheck() {
  const queryClient = useQueryClient();
  const { data: user } = useUserInfo();
  const { pathname } = useLocation();
  const allow = useMemo(() => createRecheckLock(), []);
  const signedIn = !!user;
  const hasGroup = !!user?.group_id;

  useEffect(() => {
    if (!signedIn) return;
    const check = () => {
      if (!allow()) return;
      call(User.checkUserStatus).then((status) => {
        if (sessionStillValid(status, hasGroup)) return;
        setSessionUser(queryClient, null);
        openLoginDialog();
      }, () => {});
    };
    check();
    window.addEventListener('focus', check);
    return () => window.removeEventListener('focus', check);
  }, [pathname, signedIn, hasGroup, allow, queryClient]);
}
