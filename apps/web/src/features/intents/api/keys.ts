/** Query keys of the intent library: a write invalidates the prefix it touches. */
export const intentKeys = {
  all: ['ai', 'intent'] as const,
  categories: ['ai', 'intent', 'categories'] as const,
  intents: ['ai', 'intent', 'intents'] as const,
  contents: ['ai', 'intent', 'contents'] as const,
  connection: ['ai', 'intent', 'connection'] as const,
  admin: ['ai', 'intent', 'admin'] as const,
  scenes: ['ai', 'admin.scene'] as const,
};
