import type { Engine as AnalysisEngine } from '@crawlwise/analyzer/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { DiscoveryJob, SiteCheckDiscovery } from '../services/site-check-discovery.ts';
import type { JobKind } from './job-kind.ts';

/** The sitemap discovery of a site check as a job kind: site work, leased on the check's row. */
export function discoveryKind(
  discovery: SiteCheckDiscovery,
  engine: AnalysisEngine,
  logger: FastifyBaseLogger,
): JobKind<DiscoveryJob> {
  return {
    name: 'site check discovery',
    siteWork: true,
    retryEmptyClaim: 'notice',
    leaseSeconds: discovery.leaseSeconds,
    claim: (workerId) => discovery.claim(workerId),
    extendLease: (id, workerId) => discovery.extendLease(id, workerId),
    release: (id, workerId) => discovery.release(id, workerId),
    async run(job, workerId) {
      const log = logger.child({ siteCheckId: job.id, attempt: job.attempts });
      try {
        await discovery.run(job, workerId, engine);
        log.info('site check discovery finished');
      } catch (error) {
        // The lease runs out and another worker (or this one) tries again.
        log.error({ err: error }, 'site check discovery failed');
      }
    },
  };
}
