/** AI 模型 (admin) — being built. */
export function AiModelTable() {
  return null;
}
