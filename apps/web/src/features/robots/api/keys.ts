/** Every robot query key starts with this, so a save refreshes them all. */
export const robotKey = ['ai', 'robot'] as const;
