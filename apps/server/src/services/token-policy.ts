import type { ApiTokenScope } from '@crawlwise/shared/api/tokens';

/**
 * What an API token may call (docs/api.md › Tokens), by the route's pattern: the product's data
 * — reports, exports, history, comparisons, site checks, watches — and the MCP endpoint, never
 * account management (sign-in, password, deletion, profile, picture, the tokens themselves).
 * A read token reads; a write token also creates reports, site checks and watches, cancels a
 * site check and removes a watch.
 */

const READABLE = new Set([
  '/api/reports/:token',
  '/api/reports/:token/export.json',
  '/api/reports/:token/export.csv',
  '/api/reports/:token/export.pdf',
  '/api/me/reports',
  '/api/me/history',
  '/api/compare',
  '/api/site-checks',
  '/api/site-checks/:id',
  '/api/site-checks/:id/report',
  '/api/site-checks/:id/export.csv',
  '/api/watches',
]);

const WRITABLE = new Set([
  'POST /api/reports',
  'POST /api/site-checks',
  'POST /api/site-checks/:id/cancel',
  'POST /api/watches',
  'DELETE /api/watches/:id',
]);

/** The MCP endpoint: every scope may speak the protocol; each tool checks the scope it needs. */
export const MCP_PATH = '/mcp';

export function tokenMayCall(scope: ApiTokenScope, method: string, route: string): boolean {
  if (route === MCP_PATH) return true;
  if (method === 'GET' || method === 'HEAD') return READABLE.has(route);
  return scope === 'write' && WRITABLE.has(`${method} ${route}`);
}
