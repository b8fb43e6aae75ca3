import { lazy, Suspense } from 'react';
import { useAuthDialogs } from '../../../lib/auth-dialogs.ts';

// Forms and modals are not needed until someone opens one: each loads on first open.
const LoginDialog = lazy(() => import('./LoginDialog.tsx'));
const RegisterDialog = lazy(() => import('./RegisterDialog.tsx'));
const ResetPassDialog = lazy(() => import('./ResetPassDialog.tsx'));
const BranchDialog = lazy(() => import('./BranchDialog.tsx'));
const AccountSettingsDialog = lazy(() => import('./AccountSettingsDialog.tsx'));

const DIALOGS = [
  ['login', LoginDialog],
  ['register', RegisterDialog],
  ['reset-pass', ResetPassDialog],
  ['branch', BranchDialog],
  ['account-settings', AccountSettingsDialog],
] as const;

/**
 * Hosts the account dialogs; each mounts the first time it opens and stays to animate closed.
 * One Suspense each: loading a newly opened dialog must not blank the ones already shown.
 * (加入组织, 'join-branch', is the org-invite feature's: its OrgInvite hosts it.)
 */
export function AuthDialogs() {
  const seen = useAuthDialogs((s) => s.seen);
  return DIALOGS.map(([key, Dialog]) =>
    seen[key] ? (
      <Suspense key={key} fallback={null}>
        <Dialog />
      </Suspense>
    ) : null,
  );
}
