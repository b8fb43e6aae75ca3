/**
 * Banner ids remembered in localStorage (spec §9: the upgrade tip is remembered locally per
 * banner id), per user so one shared computer still shows each person their own tips.
 */
const MAX_IDS = 200;

export type BannerMemory = 'upgrade-tip-seen' | 'top-banner-closed';

const storageKey = (kind: BannerMemory, uid: number) => `xueban:${kind}:${uid}`;

export function readIds(kind: BannerMemory, uid: number): Set<number> {
  try {
    const parsed = JSON.parse(localStorage.getItem(storageKey(kind, uid)) ?? '[]') as unknown;
    return new Set(Array.isArray(parsed) ? parsed.filter((v): v is number => Number.isInteger(v)) : []);
  } catch {
    // Storage disabled or the value was tampered with: nothing remembered.
    return new Set();
  }
}

export function rememberId(kind: BannerMemory, uid: number, id: number): void {
  const ids = readIds(kind, uid);
  if (ids.has(id)) return;
  // Only the newest ids are kept, so the entry cannot grow without bound.
  const next = [...ids, id].slice(-MAX_IDS);
  try {
    localStorage.setItem(storageKey(kind, uid), JSON.stringify(next));
  } catch {
    // Quota or private mode: the tip may show again, which is harmless.
  }
}
