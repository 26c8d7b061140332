import type { Engine as AnalysisEngine } from '@crawlwise/analyzer/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { ExternalLinkChecks, ExternalTargetJob } from '../services/external-link-checks.ts';
import type { JobKind } from './job-kind.ts';

/**
 * A crawl's external link target as a job kind (services/external-link-checks.ts): site work,
 * leased on the target's row, paced per host through the host's turn like a site page.
 */
export function externalLinkKind(
  checks: ExternalLinkChecks,
  engine: AnalysisEngine,
  logger: FastifyBaseLogger,
): JobKind<ExternalTargetJob> {
  return {
    name: 'external link',
    siteWork: true,
    retryEmptyClaim: 'turn',
    leaseSeconds: checks.leaseSeconds,
    claim: (workerId) => checks.claim(workerId),
    extendLease: (id, workerId) => checks.extendLease(id, workerId),
    release: (id, workerId) => checks.release(id, workerId),
    async run(job, workerId) {
      try {
        await checks.run(job, workerId, engine);
      } catch (error) {
        // The answer could not be written (the database is away): the lease runs out and the
        // target is asked again, at most MAX_TARGET_ATTEMPTS times.
        logger.error(
          { err: error, siteCheckId: job.siteCheckId, target: job.target },
          'external link check failed',
        );
      }
    },
  };
}
