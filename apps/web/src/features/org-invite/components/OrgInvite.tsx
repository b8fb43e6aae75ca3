import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { useAuthDialogs } from '../../../lib/auth-dialogs.ts';
import { isOrgInvite } from '../lib/invite-link.ts';

const OrgInviteDialog = lazy(() => import('./OrgInviteDialog.tsx'));
const JoinBranchDialog = lazy(() => import('./JoinBranchDialog.tsx'));

/**
 * Mounted by every layout (ShellExtras). Costs nothing until an address carries an invite
 * (`from=invite`, see isOrgInvite); then the dialogue loads, and stays mounted so it can animate closed.
 * It also hosts 加入组织 (the account dialog 'join-branch', opened through the shared store like
 * the others), which loads the first time it opens. One Suspense each, as in AuthDialogs.
 */
export function OrgInvite() {
  const { pathname, search } = useLocation();
  const [active, setActive] = useState(false);
  const joinSeen = useAuthDialogs((s) => !!s.seen['join-branch']);
  if (!active && isOrgInvite(pathname, new URLSearchParams(search))) setActive(true);
  return (
    <>
      {active && (
        <Suspense fallback={null}>
          <OrgInviteDialog />
        </Suspense>
      )}
      {joinSeen && (
        <Suspense fallback={null}>
          <JoinBranchDialog />
        </Suspense>
      )}
    </>
  );
}
