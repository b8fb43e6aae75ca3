/** Every query of the training centre starts with this; a change refreshes them all. */
export const trainingKey = ['ai', 'training'] as const;
