/** Query keys of publishing and the resource centre: a write invalidates the prefix it touches. */
export const resourceKeys = {
  all: ['ai', 'resources'] as const,
  list: ['ai', 'resources', 'list'] as const,
  mine: ['ai', 'resources', 'mine'] as const,
  review: ['ai', 'resources', 'review'] as const,
  detail: (id: number) => ['ai', 'resources', 'detail', id] as const,
};
