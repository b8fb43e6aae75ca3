import type { ApiKeyKindName } from '@xueban/contract/robot-api';

export const KIND_LABELS: Record<ApiKeyKindName, string> = { api: 'API 密钥', embed: '网页嵌入', share: '分享链接' };

/** What the creator copies right after making a key: it is never shown again. */
export function snippetFor(kind: ApiKeyKindName, secret: string, robot: { id: number; code: string }, origin = window.location.origin): string {
  if (kind === 'embed') return `<script src="${origin}/embed.js" data-key="${secret}" async></script>`;
  if (kind === 'share') return `${origin}/external-dialogue?${new URLSearchParams({ embed: '1', rid: String(robot.id), share: secret })}`;
  return [
    `curl ${origin}/v1/chat/completions \\`,
    `  -H "Authorization: Bearer ${secret}" \\`,
    '  -H "Content-Type: application/json" \\',
    `  -d '{"model":"${robot.code}","stream":true,"user":"user-1","messages":[{"role":"user","content":"你好"}]}'`,
    '',
    // The same key opens the robot as an MCP server (one tool: ask) for agents and MCP clients.
    `# MCP（可流式 HTTP）：${origin}/v1/mcp`,
    `# 请求头 Authorization: Bearer ${secret}，工具 ask`,
  ].join('\n');
}
