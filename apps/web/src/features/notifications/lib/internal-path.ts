/**
 * A notification's `link` is followed only when it is a path of this app ('/creator'). Links
 * are written by the server today, but a notification can quote user input, and an absolute or
 * protocol-relative URL ('//evil.example') would turn a trusted bell into an open redirect.
 */
export function internalPath(link: string | null | undefined): string | null {
  const v = (link ?? '').trim();
  if (!v.startsWith('/') || v.startsWith('//') || v.startsWith('/\\')) return null;
  return v;
}
