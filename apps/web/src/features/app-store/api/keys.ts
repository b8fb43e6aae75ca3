/** The cache keys of the app store: one root, so a change refreshes every view of it. */
export const appStoreKey = ['app-store'] as const;
