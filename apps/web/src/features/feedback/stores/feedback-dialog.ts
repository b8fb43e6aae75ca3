import { create } from 'zustand';

interface FeedbackDialogState {
  open: boolean;
  /** Opened at least once: the lazily loaded dialog stays mounted so it can animate closed. */
  seen: boolean;
  show: () => void;
  close: () => void;
}

export const useFeedbackDialog = create<FeedbackDialogState>()((set) => ({
  open: false,
  seen: false,
  show: () => set({ open: true, seen: true }),
  close: () => set({ open: false }),
}));

/** Opens the feedback form from anywhere (a menu item, a help link). */
export const openFeedbackDialog = () => useFeedbackDialog.getState().show();
