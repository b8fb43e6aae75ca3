import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { z } from 'zod';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/** What the test server is: an MCP server object (ours below, or server-everything's). */
type ServerFactory = () => { connect: McpServer['connect']; close: () => Promise<void> };

/**
 * `@modelcontextprotocol/server-everything` (the protocol's reference server, from npm), served
 * over streamable HTTP by FakeMcp instead of its stdio (stdio is not offered to users).
 */
export async function everythingFactory(): Promise<ServerFactory> {
  // @ts-expect-error the package ships JavaScript only
  const { createServer: create } = await import('@modelcontextprotocol/server-everything/dist/server/index.js') as { createServer: () => { server: McpServer; cleanup: (id?: string) => void } };
  return () => {
    const { server, cleanup } = create();
    return {
      connect: server.connect.bind(server),
      close: async () => {
        cleanup();
        await server.close();
      },
    };
  };
}

/**
 * A real MCP server for tests, on the official SDK, on 127.0.0.1: streamable HTTP at `/mcp`
 * (stateless) and the older SSE transport at `/sse` (+ `/messages`). Its tools: `timetable` answers,
 * `explode` throws, `hang` never answers until cancelled, `headers` returns the request headers it
 * got. `/redirect?to=URL` answers 302 to URL (egress tests).
 */
export class FakeMcp {
  connections = 0;
  /** Headers of every HTTP request it received. */
  readonly seenHeaders: Record<string, string | string[] | undefined>[] = [];
  /** `hang` calls started, and those the client cancelled. */
  hangStarted = 0;
  hangCancelled = 0;
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private readonly sse = new Map<string, SSEServerTransport>();
  private lastHeaders: Record<string, string | string[] | undefined> = {};

  constructor(private readonly factory: ServerFactory = () => this.ours()) {}

  get origin() {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  /** Our tools, as a school's timetable service might offer them. */
  private ours() {
    const s = new McpServer({ name: 'xueban-test-mcp', version: '1.0.0' });
    s.registerTool('timetable', {
      title: '查询课表', description: '按班级查询今天的课表',
      inputSchema: { class_name: z.string().describe('班级名称') },
    }, async ({ class_name }) => ({ content: [{ type: 'text', text: `${class_name}今天第一节是数学，第二节是语文` }] }));
    s.registerTool('explode', { title: '会出错的工具', description: 'Always fails' }, async () => {
      throw new Error('database is on fire');
    });
    s.registerTool('hang', { title: '很慢的工具', description: 'Never answers' }, async (extra) => {
      this.hangStarted++;
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, 600_000);
        extra.signal.addEventListener('abort', () => {
          this.hangCancelled++;
          clearTimeout(t);
          resolve();
        }, { once: true });
      });
      return { content: [{ type: 'text', text: 'too late' }] };
    });
    s.registerTool('headers', { title: '请求头', description: 'The request headers it got' },
      async () => ({ content: [{ type: 'text', text: JSON.stringify(this.lastHeaders) }] }));
    return s;
  }

  async start() {
    this.server = createServer((req, res) => void this.handle(req, res).catch(() => res.destroy()));
    this.server.on('connection', (sock) => {
      this.connections++;
      this.sockets.add(sock);
      sock.on('close', () => this.sockets.delete(sock));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async stop() {
    for (const s of this.sockets) s.destroy();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    this.seenHeaders.push(req.headers);
    this.lastHeaders = req.headers;
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/redirect') {
      res.writeHead(302, { location: url.searchParams.get('to') ?? '/' });
      return res.end();
    }
    if (url.pathname === '/mcp') {
      const server = this.factory();
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      res.on('close', () => void transport.close().then(() => server.close()).catch(() => {}));
      await server.connect(transport);
      return transport.handleRequest(req, res);
    }
    if (url.pathname === '/sse' && req.method === 'GET') {
      const server = this.factory();
      const transport = new SSEServerTransport('/messages', res);
      this.sse.set(transport.sessionId, transport);
      res.on('close', () => {
        this.sse.delete(transport.sessionId);
        void server.close().catch(() => {});
      });
      return server.connect(transport);
    }
    if (url.pathname === '/messages' && req.method === 'POST') {
      const transport = this.sse.get(url.searchParams.get('sessionId') ?? '');
      if (!transport) return void res.writeHead(404).end();
      return transport.handlePostMessage(req, res);
    }
    res.writeHead(404).end();
  }
}
