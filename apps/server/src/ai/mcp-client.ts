import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { McpTransport } from '@xueban/contract/mcp';
import type { EgressFetch } from '../lib/egress.ts';

/**
 * The MCP client (issue 19), on the official SDK. Every request of either transport goes through
 * the caller's egress-guarded fetch (the `mcp` client: addresses checked per hop, redirects too).
 * URL and headers are used exactly as stored: nothing expands `${VAR}` or any other template.
 * A connection lives for one operation (list the tools, call one) and is closed after it.
 */
export interface McpEndpoint {
  transport: McpTransport;
  url: string;
  headers: Record<string, string>;
}

export interface McpToolInfo {
  name: string;
  title: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

export class McpTimeout extends Error {
  override name = 'McpTimeout';
  constructor() {
    super('MCP operation timed out');
  }
}

const CLIENT_INFO = { name: 'xueban-ai', version: '1.0.0' };

/** The MCP SDK takes ~0.4 s to load: loaded at the first MCP call, not at every start. */
const loadSdk = async () => {
  const [{ Client }, { SSEClientTransport }, { StreamableHTTPClientTransport }] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/sse.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
  ]);
  return { Client, SSEClientTransport, StreamableHTTPClientTransport };
};
type Sdk = Awaited<ReturnType<typeof loadSdk>>;

function transportFor({ SSEClientTransport, StreamableHTTPClientTransport }: Sdk, ep: McpEndpoint, fetch: EgressFetch) {
  const url = new URL(ep.url);
  const requestInit: RequestInit = { headers: { ...ep.headers } };
  return ep.transport === 'sse'
    ? new SSEClientTransport(url, { requestInit, fetch })
    : new StreamableHTTPClientTransport(url, { requestInit, fetch, reconnectionOptions: { maxRetries: 0, initialReconnectionDelay: 1000, maxReconnectionDelay: 1000, reconnectionDelayGrowFactor: 1 } });
}

/**
 * Connects, runs `work`, closes. Ends with McpTimeout after `timeoutMs`, or the abort reason when
 * `signal` fires; either way the connection (and the call in flight: its request is aborted and
 * the server is sent a cancellation) is closed.
 */
async function withClient<T>(fetch: EgressFetch, ep: McpEndpoint, timeoutMs: number, signal: AbortSignal | undefined,
  work: (client: Client, signal: AbortSignal) => Promise<T>): Promise<T> {
  const timer = new AbortController();
  const timeout = setTimeout(() => timer.abort(new McpTimeout()), timeoutMs);
  const all = signal ? AbortSignal.any([signal, timer.signal]) : timer.signal;
  const sdk = await loadSdk();
  const client = new sdk.Client(CLIENT_INFO, { capabilities: {} });
  const stopped = new Promise<never>((_, reject) => {
    const fail = () => reject(all.reason instanceof Error ? all.reason : new McpTimeout());
    if (all.aborted) fail();
    all.addEventListener('abort', fail, { once: true });
  });
  stopped.catch(() => {});
  try {
    return await Promise.race([
      (async () => {
        await client.connect(transportFor(sdk, ep, fetch), { signal: all, timeout: timeoutMs });
        return work(client, all);
      })(),
      stopped,
    ]);
  } finally {
    clearTimeout(timeout);
    await client.close().catch(() => {});
  }
}

/** The server's tools (every page of tools/list). */
export async function listMcpTools(fetch: EgressFetch, ep: McpEndpoint, timeoutMs: number, signal?: AbortSignal): Promise<McpToolInfo[]> {
  return withClient(fetch, ep, timeoutMs, signal, async (client, s) => {
    const out: McpToolInfo[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 20; page++) {
      const res = await client.listTools(cursor ? { cursor } : {}, { signal: s, timeout: timeoutMs });
      for (const t of res.tools) {
        out.push({
          name: t.name, title: t.title ?? t.annotations?.title ?? '', description: t.description ?? '',
          inputSchema: (t.inputSchema ?? { type: 'object' }) as Record<string, unknown>,
        });
      }
      cursor = res.nextCursor;
      if (!cursor) break;
    }
    return out;
  });
}

export interface McpCallResult {
  /** The tool itself reported an error (isError), the text says which. */
  isError: boolean;
  text: string;
}

/** The text of a tool's result: text parts as they are, other parts named (the model reads text). */
function resultText(content: unknown): string {
  if (!Array.isArray(content)) return '';
  return content.map((c: { type?: string; text?: string; resource?: { uri?: string; text?: string } }) => {
    if (c.type === 'text') return c.text ?? '';
    if (c.type === 'resource') return c.resource?.text ?? c.resource?.uri ?? '';
    return `[${c.type ?? 'content'}]`;
  }).join('\n');
}

/** Calls one tool. A protocol error, a refused address, a timeout or an abort throws. */
export async function callMcpTool(fetch: EgressFetch, ep: McpEndpoint, name: string, args: Record<string, unknown>,
  timeoutMs: number, signal?: AbortSignal): Promise<McpCallResult> {
  return withClient(fetch, ep, timeoutMs, signal, async (client, s) => {
    const res = await client.callTool({ name, arguments: args }, undefined, { signal: s, timeout: timeoutMs });
    const structured = 'structuredContent' in res && res.structuredContent ? JSON.stringify(res.structuredContent) : '';
    const text = resultText(res.content) || structured;
    return { isError: Boolean(res.isError), text };
  });
}
