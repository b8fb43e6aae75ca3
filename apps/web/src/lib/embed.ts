/**
 * Embedding (spec §2 query params): `embed=1` hides the sidebar and header, and stays on for the
 * rest of the tab's session so links inside the embed keep the chrome hidden.
 * `isTopMenu=0` switches the header to the admin header.
 */
const KEY = 'xueban:embed';

export function isEmbedded(search: string): boolean {
  const flag = new URLSearchParams(search).get('embed');
  if (flag === '1') sessionStorage.setItem(KEY, '1');
  if (flag === '0') sessionStorage.removeItem(KEY);
  return sessionStorage.getItem(KEY) === '1';
}

export const wantsAdminHeader = (search: string) => new URLSearchParams(search).get('isTopMenu') === '0';
