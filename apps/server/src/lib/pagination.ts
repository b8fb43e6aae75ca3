import type { Page } from '@xueban/contract/codes';

export interface PageParams { page: number; limit: number; offset?: number | undefined }

/** `offset` wins when given; otherwise it follows from page and limit. */
export function resolvePage(p: PageParams) {
  const offset = p.offset ?? (p.page - 1) * p.limit;
  return { page: p.page, limit: p.limit, offset };
}

export function pageOf<T>(p: PageParams, total: number, data: T[]): Page<T> {
  return { ...resolvePage(p), total, data };
}
