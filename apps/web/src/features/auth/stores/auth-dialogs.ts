import { create } from 'zustand';

/** The account dialogs that show over the current page (spec §2: login shows over home). */
export type AuthDialog = 'login' | 'account-settings';

interface AuthDialogState {
  open: AuthDialog | null;
  /** Dialogs opened at least once: they stay mounted so they can animate closed. */
  seen: Readonly<Record<AuthDialog, boolean>>;
  show: (dialog: AuthDialog) => void;
  close: () => void;
}

export const useAuthDialogs = create<AuthDialogState>()((set) => ({
  open: null,
  seen: { login: false, 'account-settings': false },
  show: (dialog) => set((s) => ({ open: dialog, seen: { ...s.seen, [dialog]: true } })),
  close: () => set({ open: null }),
}));

/** Opens the login dialog from anywhere, also outside React (the request layer's 50008). */
export const openLoginDialog = () => useAuthDialogs.getState().show('login');
