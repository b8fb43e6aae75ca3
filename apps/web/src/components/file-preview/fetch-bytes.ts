/** The bytes behind a preview link (the link carries its token; no session needed). */
export async function fetchBytes(url: string): Promise<ArrayBuffer> {
  const res = await fetch(url, { credentials: 'include' });
  if (!res.ok) throw new Error(String(res.status));
  return res.arrayBuffer();
}
