import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';

const OrgInviteDialog = lazy(() => import('./OrgInviteDialog.tsx'));

/**
 * Mounted by every layout (ShellExtras). Costs nothing until an address carries an invite
 * (`from=invite`); then the dialogue loads, and stays mounted so it can animate closed.
 */
export function OrgInvite() {
  const { search } = useLocation();
  const [active, setActive] = useState(false);
  if (!active && new URLSearchParams(search).get('from') === 'invite') setActive(true);
  return active ? (
    <Suspense fallback={null}>
      <OrgInviteDialog />
    </Suspense>
  ) : null;
}
