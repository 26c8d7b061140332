import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  type ReportWait,
  type WaiterKind,
  waitForStoredReport,
} from '../services/site-report-waiters.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route reads the site report of check `:id` (`report`, HOLDS_REPORT_BUILD), or answers
     * the check's state that a client reads before asking for it (`status`,
     * STATUS_HOLDS_REPORT_BUILD).
     */
    holdsReportBuild?: WaiterKind;
  }
}

/** Route config of the routes that read a check's site report (its JSON and its CSV). */
export const HOLDS_REPORT_BUILD = { holdsReportBuild: 'report' as const };
/** Route config of the check's status (a poll that leads to the report's request). */
export const STATUS_HOLDS_REPORT_BUILD = { holdsReportBuild: 'status' as const };

const waits = new WeakMap<FastifyRequest, ReportWait>();

/**
 * The request's registration, while it is under way: its `stored` resolves when a build of this
 * process stores the check's report (awaitStoredSiteReport is woken by it).
 */
export function reportWaitOf(request: FastifyRequest): ReportWait | undefined {
  return waits.get(request);
}

/**
 * A request to such a route is, from its arrival to its answer, one that a build of this process
 * storing its check's report lets through before going on (services/site-report-waiters.ts: with
 * the embedded worker, the request's reads and answer would otherwise wait seconds for the
 * snapshot's analysis and write). Registered before the session lookup, which reads the
 * database too: a request still signing in when the report is stored counts. The build holds
 * for its requests at most a second.
 */
export const reportBuildHoldPlugin = fp(
  async (app) => {
    const release = async (request: FastifyRequest) => {
      waits.get(request)?.release();
      waits.delete(request);
    };
    app.addHook('onRequest', async (request) => {
      const kind = request.routeOptions.config.holdsReportBuild;
      if (kind === undefined) return;
      const id = (request.params as { id?: unknown }).id;
      if (typeof id === 'string') waits.set(request, waitForStoredReport(id, kind));
    });
    app.addHook('onResponse', release);
    app.addHook('onRequestAbort', release);
  },
  { name: 'report-build-hold' },
);
