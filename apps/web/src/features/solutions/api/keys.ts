/** Query keys of solutions. */
export const solutionKeys = {
  all: ['ai', 'solutions'] as const,
  list: ['ai', 'solutions', 'list'] as const,
  parts: ['ai', 'solutions', 'parts'] as const,
  install: (id: number) => ['ai', 'solutions', 'install', id] as const,
};
