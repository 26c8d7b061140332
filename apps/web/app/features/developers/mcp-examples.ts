/**
 * The MCP setup of /developers, written once: the page shows the tools and the client
 * configurations, and tests/e2e/src/developer-examples.e2e.test.ts parses each configuration,
 * starts or calls the server it names with the MCP SDK's client and checks that the tools it
 * lists are the ones below. Stand-ins: placeholders.ts.
 */

export interface McpTool {
  name: string;
  does: string;
}

/** `/mcp` on the server (docs/mcp.md): each tool is the REST route of the same action. */
export const REMOTE_TOOLS: readonly McpTool[] = [
  {
    name: 'analyze_page',
    does: 'Analyses a page (a read-and-write token) and waits up to a minute for its report; past that, it answers the report’s status and access token for get_report.',
  },
  { name: 'get_report', does: 'Reads a report by its access token.' },
  { name: 'list_reports', does: 'Lists your reports, ten at a time, newest first.' },
  {
    name: 'start_site_check',
    does: 'Starts a check of a site from its sitemap or a list of pages (a read-and-write token).',
  },
  { name: 'get_site_report', does: 'Reads the report of a site check.' },
  {
    name: 'compare_reports',
    does: 'Compares two reports: the score, new, fixed and changed findings.',
  },
];

/** `crawlwise mcp` (docs/mcp.md): the local engine, no server, account or token. */
export const LOCAL_TOOLS: readonly McpTool[] = [
  { name: 'analyze_page', does: 'Analyses a page from your machine.' },
  {
    name: 'crawl_site',
    does: 'Crawls a site by its links, at most 500 pages: site score and the problems between pages.',
  },
  { name: 'explain_check', does: 'What a check looks at, why it matters and how to fix it.' },
  {
    name: 'compare_pages',
    does: 'Compares two pages, or two saved JSON results: score change, new, fixed and changed findings.',
  },
];

export interface McpClientConfig {
  id: string;
  /** The clients that read this configuration, and the file each reads it from. */
  clients: ReadonlyArray<{ client: string; file: string }>;
  server: 'remote' | 'local';
  /**
   * How this configuration refers to the API token (remote only); the client puts the token in
   * its place when it reads the file — from the environment, or from what it asked you for.
   */
  tokenReference?: string;
  /** Where the client takes the token from, as the page tells it. */
  tokenSource?: string;
  json: string;
}

export const MCP_CLIENT_CONFIGS: readonly McpClientConfig[] = [
  {
    id: 'claude-code-remote',
    clients: [{ client: 'Claude Code', file: '.mcp.json in your project' }],
    server: 'remote',
    tokenReference: `\${CRAWLWISE_TOKEN}`,
    tokenSource: 'Claude Code reads it from the environment it was started in.',
    json: `{
  "mcpServers": {
    "crawlwise": {
      "type": "http",
      "url": "https://crawlwise.example/mcp",
      "headers": { "Authorization": "Bearer \${CRAWLWISE_TOKEN}" }
    }
  }
}`,
  },
  {
    id: 'cursor-remote',
    clients: [
      { client: 'Cursor', file: '.cursor/mcp.json, or ~/.cursor/mcp.json for every project' },
    ],
    server: 'remote',
    tokenReference: `\${env:CRAWLWISE_TOKEN}`,
    tokenSource: 'Cursor reads it from the environment it was started in.',
    json: `{
  "mcpServers": {
    "crawlwise": {
      "url": "https://crawlwise.example/mcp",
      "headers": { "Authorization": "Bearer \${env:CRAWLWISE_TOKEN}" }
    }
  }
}`,
  },
  {
    id: 'vscode-remote',
    clients: [{ client: 'VS Code', file: '.vscode/mcp.json' }],
    server: 'remote',
    tokenReference: `\${input:crawlwise-token}`,
    tokenSource:
      'VS Code asks you for the token the first time it starts the server, and keeps it.',
    json: `{
  "inputs": [
    {
      "type": "promptString",
      "id": "crawlwise-token",
      "description": "Crawlwise API token",
      "password": true
    }
  ],
  "servers": {
    "crawlwise": {
      "type": "http",
      "url": "https://crawlwise.example/mcp",
      "headers": { "Authorization": "Bearer \${input:crawlwise-token}" }
    }
  }
}`,
  },
  {
    id: 'local',
    clients: [
      { client: 'Claude Code', file: '.mcp.json' },
      { client: 'Claude Desktop', file: 'claude_desktop_config.json' },
      { client: 'Cursor', file: '.cursor/mcp.json' },
    ],
    server: 'local',
    json: `{
  "mcpServers": {
    "crawlwise": { "command": "crawlwise", "args": ["mcp"] }
  }
}`,
  },
  {
    id: 'vscode-local',
    clients: [{ client: 'VS Code', file: '.vscode/mcp.json' }],
    server: 'local',
    json: `{
  "servers": {
    "crawlwise": { "type": "stdio", "command": "crawlwise", "args": ["mcp"] }
  }
}`,
  },
];
