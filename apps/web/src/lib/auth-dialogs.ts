import { create } from 'zustand';

/** The account dialogs that show over the current page (spec §2: they show over home). */
export type AuthDialog = 'login' | 'register' | 'reset-pass' | 'branch' | 'join-branch' | 'account-settings';

/** What a dialog opens with: the settings tab, or the invite of a join-branch link. */
export interface AuthDialogPayload {
  tab?: string;
  invite_code?: string;
  expire_time?: string;
}

interface AuthDialogState {
  open: AuthDialog | null;
  payload: AuthDialogPayload;
  /** Dialogs opened at least once: they stay mounted so they can animate closed. */
  seen: Readonly<Partial<Record<AuthDialog, boolean>>>;
  show: (dialog: AuthDialog, payload?: AuthDialogPayload) => void;
  close: () => void;
}

export const useAuthDialogs = create<AuthDialogState>()((set) => ({
  open: null,
  payload: {},
  seen: {},
  show: (dialog, payload = {}) => set((s) => ({ open: dialog, payload, seen: { ...s.seen, [dialog]: true } })),
  close: () => set({ open: null }),
}));

/** Opens a dialog from anywhere, also outside React (route loaders, the request layer's 50008). */
export const openAuthDialog = (dialog: AuthDialog, payload?: AuthDialogPayload) => useAuthDialogs.getState().show(dialog, payload);
export const openLoginDialog = () => openAuthDialog('login');
