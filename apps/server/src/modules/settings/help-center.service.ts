import type { HelpArticle } from '@xueban/contract/admin';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { nowSeconds } from '../../lib/time.ts';
import { readSetting, writeSetting } from './settings.service.ts';

// The help centre's articles: a short list the super admin writes, kept as one application value.
const KEY = 'help_center';

const all = async (db: Db) => (await readSetting<HelpArticle[]>(db, KEY)) ?? [];
const ordered = (list: HelpArticle[]) => [...list].sort((a, b) => a.sort - b.sort || a.id - b.id);

const published = (a: HelpArticle) => (a.status ?? 'published') === 'published';
const matches = (a: HelpArticle, keyword?: string) => {
  const k = keyword?.trim().toLowerCase();
  return !k || a.title.toLowerCase().includes(k) || a.content.toLowerCase().includes(k);
};

/**
 * The articles of a type (or all), ordered, found by a keyword in title or content. Users get the
 * published ones only (`drafts` is the super admin's manage list): a draft never reaches them.
 */
export async function helpArticles(db: Db, q: { type?: HelpArticle['type'] | undefined; keyword?: string | undefined }, drafts = false) {
  return ordered((await all(db))
    .map((a) => ({ ...a, status: a.status ?? 'published' }))
    .filter((a) => (drafts || published(a)) && (!q.type || a.type === q.type) && matches(a, q.keyword)));
}

export async function saveHelpArticle(db: Db, input: Omit<HelpArticle, 'id' | 'update_time'> & { id?: number | undefined }) {
  const list = await all(db);
  const before = input.id ? list.find((a) => a.id === input.id) : undefined;
  if (input.id && !before) throw notFound();
  const article: HelpArticle = {
    id: input.id ?? Math.max(0, ...list.map((a) => a.id)) + 1,
    type: input.type, title: input.title, content: input.content, sort: input.sort, status: input.status, update_time: nowSeconds(),
  };
  await writeSetting(db, KEY, [...list.filter((a) => a.id !== article.id), article]);
  return { before: before ?? null, after: article };
}

export async function deleteHelpArticle(db: Db, id: number) {
  const list = await all(db);
  const gone = list.find((a) => a.id === id);
  if (!gone) throw notFound();
  await writeSetting(db, KEY, list.filter((a) => a.id !== id));
  return gone;
}
