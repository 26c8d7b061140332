import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './schema.ts';

/**
 * A typed client of the Crawlwise REST API: every path, body and answer typed from the OpenAPI
 * document (openapi-fetch over `schema.ts`). Authenticate with an API token (docs/api.md).
 *
 *   const crawlwise = createCrawlwiseClient({ baseUrl: 'https://crawlwise.example', token });
 *   const { data, error } = await crawlwise.GET('/api/me/reports');
 */

export type { paths } from './schema.ts';

export interface CrawlwiseClientOptions {
  /** The server's origin, e.g. https://crawlwise.example (no trailing path). */
  baseUrl: string;
  /** An API token's secret (`Authorization: Bearer …`); omit for the public routes. */
  token?: string;
  /** A fetch to use instead of the global one (tests, proxies). */
  fetch?: typeof fetch;
}

export type CrawlwiseClient = Client<paths>;

export function createCrawlwiseClient(options: CrawlwiseClientOptions): CrawlwiseClient {
  return createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: {
      accept: 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}
