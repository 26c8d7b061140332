import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors.ts';
import { MCP_PATH } from '../services/token-policy.ts';
import { type ApiCall, registerTools } from './tools.ts';

/**
 * The MCP server at `/mcp` (docs/mcp.md): Streamable HTTP, stateless (a fresh server and
 * transport per POST, so any web process answers any call and nothing is held between calls),
 * JSON answers, an API token required. The tools (mcp/tools.ts) run the REST routes with the
 * caller's token.
 */

/** analyze_page waits this long for the analysis (most pages take a few seconds). */
const ANALYZE_WAIT_MS = 60_000;
const POLL_MS = 500;

const SERVER_INFO = { name: 'crawlwise', version: '0.1.0' };

export const mcpRoutes: FastifyPluginAsync = async (app) => {
  app.post(MCP_PATH, { schema: { hide: true } }, async (request, reply) => {
    const authorization = request.headers.authorization;
    if (!request.apiToken || !authorization) {
      throw new ApiError(
        'invalid_token',
        'The MCP endpoint needs an API token: send Authorization: Bearer <secret>.',
        { headers: { 'www-authenticate': 'Bearer' } },
      );
    }
    const call: ApiCall = async (method, url, body) => {
      const answer = await app.inject({
        method,
        url,
        headers: { authorization },
        remoteAddress: request.ip,
        ...(body !== undefined ? { payload: body as object } : {}),
      });
      let parsed: unknown = null;
      try {
        parsed = answer.json();
      } catch {
        parsed = null;
      }
      return { status: answer.statusCode, body: parsed };
    };
    await answerWithMcp(request, reply, call);
  });

  // Stateless: no stream to open with GET and no session to end with DELETE.
  app.route({
    method: ['GET', 'DELETE'],
    url: MCP_PATH,
    schema: { hide: true },
    handler: async (_request, reply) =>
      reply
        .code(405)
        .header('allow', 'POST')
        .send({
          jsonrpc: '2.0',
          error: { code: -32000, message: 'Method not allowed: this MCP server is stateless.' },
          id: null,
        }),
  });
};

/**
 * The MCP SDK loads with the first call, not at start-up: its modules are several megabytes of
 * heap that a server whose users never call /mcp would hold while idle (issue 23.3).
 */
async function loadMcpSdk() {
  const [{ McpServer }, { StreamableHTTPServerTransport }] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/mcp.js'),
    import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
  ]);
  return { McpServer, StreamableHTTPServerTransport };
}

async function answerWithMcp(request: FastifyRequest, reply: FastifyReply, call: ApiCall) {
  const { McpServer, StreamableHTTPServerTransport } = await loadMcpSdk();
  const server = new McpServer(SERVER_INFO);
  registerTools(server, call, { analyzeWaitMs: ANALYZE_WAIT_MS, pollMs: POLL_MS });
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  // The transport writes the answer itself.
  reply.hijack();
  reply.raw.on('close', () => {
    void transport.close();
    void server.close();
  });
  try {
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  } catch (error) {
    request.log.error({ err: error }, 'MCP request failed');
    if (!reply.raw.headersSent) {
      reply.raw.writeHead(500, { 'content-type': 'application/json' });
      reply.raw.end(
        JSON.stringify({
          jsonrpc: '2.0',
          error: { code: -32603, message: 'Internal error' },
          id: null,
        }),
      );
    }
  }
}
