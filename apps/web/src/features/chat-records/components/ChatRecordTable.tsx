/** 对话管理 (admin, group) — being built. */
export function ChatRecordTable() {
  return null;
}
