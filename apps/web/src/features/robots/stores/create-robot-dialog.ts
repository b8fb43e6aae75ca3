import { create } from 'zustand';

interface CreateRobotDialogState {
  open: boolean;
  /** Opened at least once: the lazily loaded dialog stays mounted so it can animate closed. */
  seen: boolean;
  show: () => void;
  close: () => void;
}

export const useCreateRobotDialog = create<CreateRobotDialogState>()((set) => ({
  open: false,
  seen: false,
  show: () => set({ open: true, seen: true }),
  close: () => set({ open: false }),
}));

/** Opens the create-robot dialog from anywhere (sidebar, /creator). */
export const openCreateRobotDialog = () => useCreateRobotDialog.getState().show();
