import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { isOrgInvite } from '../lib/invite-link.ts';

const OrgInviteDialog = lazy(() => import('./OrgInviteDialog.tsx'));

/**
 * Mounted by every layout (ShellExtras). Costs nothing until an address carries an invite
 * (`from=invite`, see isOrgInvite); then the dialogue loads, and stays mounted so it can animate closed.
 */
export function OrgInvite() {
  const { pathname, search } = useLocation();
  const [active, setActive] = useState(false);
  if (!active && isOrgInvite(pathname, new URLSearchParams(search))) setActive(true);
  return active ? (
    <Suspense fallback={null}>
      <OrgInviteDialog />
    </Suspense>
  ) : null;
}
