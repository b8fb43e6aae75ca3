/** 密钥管理 (admin) — being built. */
export function ProviderKeyTable() {
  return null;
}
