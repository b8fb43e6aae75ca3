import { lazy, Suspense } from 'react';
import { OrgInvite } from '../../features/org-invite/components/OrgInvite.tsx';
import { useUserInfo } from '../../lib/session.ts';
import { useStatusCheck } from '../../features/auth/hooks/use-status-check.ts';
import { useCreateRobotDialog } from '../../features/robots/stores/create-robot-dialog.ts';
import { VersionNotice } from '../../features/version/components/VersionNotice.tsx';

// Logged-in only pieces load after login, keeping them out of a first, logged-out visit's JS.
const ShellBanners = lazy(() => import('../../features/banners/components/ShellBanners.tsx').then((m) => ({ default: m.ShellBanners })));
const CreateRobotDialog = lazy(() => import('../../features/robots/components/CreateRobotDialog.tsx'));
const MustChangePassword = lazy(() => import('../../features/auth/components/MustChangePassword.tsx'));
const FeedbackEntrance = lazy(() => import('../../features/feedback/components/FeedbackEntrance.tsx').then((m) => ({ default: m.FeedbackEntrance })));

/**
 * What every layout mounts besides the page: banners, dialogs opened by links (invites),
 * the feedback entrance, the new-version notice. Each feature owns its own component.
 */
export function ShellExtras() {
  // Features get the user from here, so none of them imports the auth feature.
  const user = useUserInfo().data ?? null;
  useStatusCheck();
  const createRobotSeen = useCreateRobotDialog((s) => s.seen);
  return (
    <>
      <OrgInvite />
      {user && (
        <Suspense fallback={null}>
          <ShellBanners user={user} />
          <FeedbackEntrance user={user} />
          {createRobotSeen && <CreateRobotDialog />}
          {user.pass_reset_required && <MustChangePassword />}
        </Suspense>
      )}
      <VersionNotice />
    </>
  );
}
