import { CodeBlock } from './code-block.tsx';
import { DocSection, SubHeading } from './doc-section.tsx';
import { LOCAL_TOOLS, MCP_CLIENT_CONFIGS, type McpTool, REMOTE_TOOLS } from './mcp-examples.ts';

function ToolList({ tools }: { tools: readonly McpTool[] }) {
  return (
    <ul className="mt-3 space-y-2">
      {tools.map((tool) => (
        <li key={tool.name}>
          <code className="font-semibold text-slate-900">{tool.name}</code>: {tool.does}
        </li>
      ))}
    </ul>
  );
}

export function McpSection() {
  return (
    <DocSection id="mcp" title="MCP for coding agents">
      <p>
        Two Model Context Protocol servers let an agent check pages while it works. An analysis
        answers with the report as structured data, beside a short summary of the score and the
        first fixes.
      </p>
      <div className="grid gap-6 md:grid-cols-2">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <SubHeading>On your server: /mcp</SubHeading>
          <p className="mt-2">
            Streamable HTTP with an API token. The token&apos;s account, scope and limits apply as
            on the REST API.
          </p>
          <ToolList tools={REMOTE_TOOLS} />
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <SubHeading>On your machine: crawlwise mcp</SubHeading>
          <p className="mt-2">
            Over stdio, with the CLI installed as above: no server, account or token.
          </p>
          <ToolList tools={LOCAL_TOOLS} />
        </div>
      </div>

      <SubHeading>Client configuration</SubHeading>
      {MCP_CLIENT_CONFIGS.map((config) => (
        <div key={config.id}>
          <h4 className="font-semibold text-slate-900">
            {config.clients.map(({ client }) => client).join(', ')}:{' '}
            {config.server === 'remote' ? '/mcp on your server' : 'crawlwise mcp on your machine'}
          </h4>
          <CodeBlock
            label={config.clients.map(({ client, file }) => `${client}: ${file}`).join(' · ')}
            code={config.json}
          />
          {config.tokenReference ? (
            <p className="mt-2">
              <code>{config.tokenReference}</code>: {config.tokenSource}
            </p>
          ) : null}
        </div>
      ))}
      <p>
        A client started from a desktop may not find <code>crawlwise</code> on its path: put the
        full path that <code>command -v crawlwise</code> prints in <code>command</code>. To check
        pages on localhost or a private network, add <code>&quot;--allow-private&quot;</code> to{' '}
        <code>args</code>.
      </p>
    </DocSection>
  );
}
