import { lazy, Suspense } from 'react';
import { useAuthDialogs } from '../stores/auth-dialogs.ts';

// Form, Input and Modal are not needed until someone logs in: they load on first open.
const LoginDialog = lazy(() => import('./LoginDialog.tsx'));
const AccountSettingsDialog = lazy(() => import('./AccountSettingsDialog.tsx'));

/** Hosts the account dialogs; each mounts the first time it opens. */
export function AuthDialogs() {
  const seen = useAuthDialogs((s) => s.seen);
  return (
    <Suspense fallback={null}>
      {seen.login && <LoginDialog />}
      {seen['account-settings'] && <AccountSettingsDialog />}
    </Suspense>
  );
}
