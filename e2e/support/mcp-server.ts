import { createServer } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { LANE } from './lane.ts';

/**
 * `@modelcontextprotocol/server-everything` (the protocol's reference server, from npm) behind
 * the SDK's streamable HTTP transport at `/mcp`, on this lane's MCP port (EGRESS_MCP_ORIGINS).
 * Its `echo` tool answers "Echo: <message>".
 */
export async function startEverythingMcp(): Promise<{ url: string; close: () => Promise<void> }> {
  // @ts-expect-error the package ships JavaScript only
  const { createServer: create } = (await import('@modelcontextprotocol/server-everything/dist/server/index.js')) as {
    createServer: () => { server: { connect: (t: unknown) => Promise<void>; close: () => Promise<void> }; cleanup: () => void };
  };
  const http = createServer((req, res) => {
    if (!req.url?.startsWith('/mcp')) return void res.writeHead(404).end();
    const { server, cleanup } = create();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      cleanup();
      void transport.close().then(() => server.close()).catch(() => {});
    });
    void server.connect(transport).then(() => transport.handleRequest(req, res));
  });
  await new Promise<void>((resolve) => http.listen(LANE.mcpPort, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${LANE.mcpPort}/mcp`,
    close: async () => {
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}
