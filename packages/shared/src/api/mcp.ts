import { z } from 'zod';
import { MAX_HISTORY_OFFSET } from './reports.ts';

/**
 * The MCP tools' inputs (docs/mcp.md), shared by the server's `/mcp` and `crawlwise mcp`. They
 * are plain shapes an agent can fill in (JSON Schema for the tool list); each tool then hands
 * them to the REST contract of the same action, which validates them with its own schema and
 * answers the catalogue's codes.
 */

export const MCP_TOOL_NAMES = [
  'analyze_page',
  'get_report',
  'list_reports',
  'start_site_check',
  'get_site_report',
  'compare_reports',
] as const;
export type McpToolName = (typeof MCP_TOOL_NAMES)[number];

const address = z.string().max(2048).describe('A full address, such as https://example.com/page');
const reportToken = z.string().max(200).describe('The report’s access token');

export const analyzePageInput = z.object({ url: address });
export const getReportInput = z.object({ token: reportToken });
export const listReportsInput = z.object({
  offset: z
    .number()
    .int()
    .min(0)
    .max(MAX_HISTORY_OFFSET)
    .optional()
    .describe('Skip this many reports (ten per page, newest first)'),
});
export const startSiteCheckInput = z.object({
  siteUrl: address.describe('The site: any address on it'),
  source: z
    .enum(['sitemap', 'list'])
    .describe('Check the pages of the site’s sitemap, or the pasted list'),
  list: z.string().max(450_000).optional().describe('With source "list": one address per line'),
});
export const getSiteReportInput = z.object({
  id: z.string().max(100).describe('The site check id'),
});
export const compareReportsInput = z.object({
  a: reportToken.describe('Access token of the older report'),
  b: reportToken.describe('Access token of the newer report'),
});
