/**
 * Query keys of the knowledge-base calls: a write refreshes every query under its prefix. Shared:
 * binding or unbinding a base (robot-contents) changes its robot count, so it refreshes them too.
 */
export const kbKey = ['ai', 'knowledge'] as const;
export const kbListKey = [...kbKey, 'lists'] as const;
export const kbDetailKey = [...kbKey, 'detail'] as const;
export const kbDocsKey = [...kbKey, 'trainlists'] as const;
export const kbTasksKey = [...kbKey, 'trainingtasks'] as const;
export const kbChunksKey = [...kbKey, 'chunks'] as const;
