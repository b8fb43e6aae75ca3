/** Query keys of course plans: a write invalidates the prefix it touches. */
export const courseKeys = {
  all: ['ai', 'course'] as const,
  plans: ['ai', 'course', 'plans'] as const,
  plan: (planId: number) => ['ai', 'course', 'plan', planId] as const,
  classes: (planId: number) => ['ai', 'course', 'classes', planId] as const,
  teaching: ['ai', 'course', 'teaching'] as const,
  study: ['ai', 'course', 'study'] as const,
};
