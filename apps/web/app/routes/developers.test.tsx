import { PATHS } from '@crawlwise/shared/routes';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  CURL_EXAMPLES,
  OPENAPI_DOCUMENT,
  TYPESCRIPT_EXAMPLE,
} from '../features/developers/api-examples.ts';
import {
  CI_WORKFLOW,
  CLI_EXIT_CODES,
  CLI_GATE_COMMAND,
  CLI_INSTALL,
} from '../features/developers/cli-examples.ts';
import {
  LOCAL_TOOLS,
  MCP_CLIENT_CONFIGS,
  REMOTE_TOOLS,
} from '../features/developers/mcp-examples.ts';
import { renderRoute } from '../test/render.tsx';
import DevelopersRoute from './developers.tsx';

/**
 * The page shows each example exactly as the example modules hold it (the text the end-to-end
 * test runs): one code block each, character for character.
 */
describe('/developers', () => {
  function codeBlocks(): string[] {
    renderRoute(<DevelopersRoute />, { path: PATHS.developers });
    return [...document.querySelectorAll('pre > code')].map((code) => code.textContent ?? '');
  }

  it('renders every example verbatim, each once', () => {
    const expected = [
      CLI_INSTALL,
      CLI_GATE_COMMAND,
      CI_WORKFLOW,
      ...CURL_EXAMPLES.map((example) => example.command),
      TYPESCRIPT_EXAMPLE,
      ...MCP_CLIENT_CONFIGS.map((config) => config.json),
    ];
    expect(codeBlocks()).toEqual(expected);
  });

  it('lists the exit codes, both servers’ tools and the OpenAPI document', () => {
    renderRoute(<DevelopersRoute />, { path: PATHS.developers });
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(
      CLI_EXIT_CODES.map(({ code, meaning }) => `${code}${meaning}`),
    );
    const toolsUnder = (heading: string) =>
      [
        ...(screen
          .getByRole('heading', { name: heading })
          .parentElement?.querySelectorAll('li > code') ?? []),
      ].map((code) => code.textContent);
    expect(toolsUnder('On your server: /mcp')).toEqual(REMOTE_TOOLS.map((tool) => tool.name));
    expect(toolsUnder('On your machine: crawlwise mcp')).toEqual(
      LOCAL_TOOLS.map((tool) => tool.name),
    );
    expect(screen.getByText(OPENAPI_DOCUMENT)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Crawlwise in your pipeline, scripts and agents',
    );
  });
});
