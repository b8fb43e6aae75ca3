/** The cache keys of marking: everything under one root, so a change refreshes every view of it. */
export const markingKey = ['ai', 'Marking'] as const;
