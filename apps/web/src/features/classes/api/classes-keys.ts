/** Query keys of the class calls: everything under ['ai', 'TeamClass'] is refreshed after a change. */
export const classKeys = {
  all: ['ai', 'TeamClass'] as const,
  mine: (robotId?: number) => ['ai', 'TeamClass', 'mine', robotId ?? 0] as const,
  roster: (id: number) => ['ai', 'TeamClass', 'roster', id] as const,
  robotNews: (robotId: number) => ['ai', 'TeamClass', 'robotNews', robotId] as const,
  news: (robotId: number) => ['ai', 'TeamClass', 'news', robotId] as const,
};
