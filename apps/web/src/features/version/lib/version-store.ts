import { create } from 'zustand';

interface VersionState {
  /** The deployed build this tab is behind, or 'chunk' when a lazy chunk failed to load. */
  outdatedBy: string | null;
  /** What the user answered 稍后 to: that release is not announced again. */
  dismissed: string | null;
  markOutdated: (by: string) => void;
  dismiss: () => void;
}

/** Whether this tab runs an old release; outside React so window listeners can set it too. */
export const useVersionStore = create<VersionState>()((set) => ({
  outdatedBy: null,
  dismissed: null,
  markOutdated: (by) => set({ outdatedBy: by }),
  dismiss: () => set((s) => ({ dismissed: s.outdatedBy })),
}));
