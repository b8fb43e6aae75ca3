/** Plain values of MCP 管理 (issue 19), without zod (see constants/chat.ts). */
export const MCP_TRANSPORTS = ['streamable_http', 'sse'] as const;
export type McpTransport = (typeof MCP_TRANSPORTS)[number];
export const MCP_TRANSPORT_LABELS: Record<McpTransport, string> = { streamable_http: 'Streamable HTTP', sse: 'SSE（旧版）' };
/** Saving (connect, list the tools) answers within this, whatever the server does (spec §7: 60 s). */
export const MCP_SAVE_TIMEOUT_MS = 60_000;
export const MCP_TIMEOUT_MAX_SEC = 300;
