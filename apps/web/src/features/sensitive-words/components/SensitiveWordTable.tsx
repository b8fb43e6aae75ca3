/** 敏感词管理 (admin) — being built. */
export function SensitiveWordTable() {
  return null;
}
