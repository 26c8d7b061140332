import { isSiteCheckUnderWay, type SiteCheckStatus } from '@crawlwise/shared/site-check';
import { waitUntil } from '@crawlwise/shared/wait-until';
import type { FastifyInstance } from 'fastify';
import { call } from './accounts.ts';

export interface SiteCheckEndOptions {
  timeoutMs: number;
  intervalMs?: number;
  what?: string;
  /** Called on every poll while the check is under way (a test may read other views then). */
  whileRunning?: (status: string) => Promise<void>;
}

/**
 * Waits for a site check to end, then reads its report once. The poll asks the check's own
 * route (one row and its counts): polling the report instead built a running crawl's whole site
 * report every half second on the same database the workers write to, and slowed every crawl
 * test by about a third.
 */
export async function waitForSiteCheckEnd<Body = Record<string, unknown>>(
  app: FastifyInstance,
  cookie: string,
  id: string,
  options: SiteCheckEndOptions,
): Promise<Body> {
  await waitUntil(
    async () => {
      const response = await call(app, 'GET', `/api/site-checks/${id}`, { cookie });
      if (response.statusCode !== 200) {
        throw new Error(
          `GET /api/site-checks/${id} answered ${response.statusCode}: ${response.body}`,
        );
      }
      const status = response.json().siteCheck.status as SiteCheckStatus;
      if (!isSiteCheckUnderWay(status)) return true;
      await options.whileRunning?.(status);
      return undefined;
    },
    {
      timeoutMs: options.timeoutMs,
      intervalMs: options.intervalMs ?? 200,
      what: options.what ?? 'the site check to end',
    },
  );
  const report = await call(app, 'GET', `/api/site-checks/${id}/report`, { cookie });
  if (report.statusCode !== 200) {
    throw new Error(
      `GET /api/site-checks/${id}/report answered ${report.statusCode}: ${report.body}`,
    );
  }
  return report.json() as Body;
}
