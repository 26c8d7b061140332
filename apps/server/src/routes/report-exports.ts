import { Readable } from 'node:stream';
import { reportTokenParamsSchema } from '@crawlwise/shared/api/reports';
import { type Report, reportSchema } from '@crawlwise/shared/report';
import {
  EXPORT_CONTENT_TYPES,
  type ExportFormat,
  exportFileName,
  PDF_EXPORTS_PER_HOUR,
} from '@crawlwise/shared/report-exports';
import { PATHS } from '@crawlwise/shared/routes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../errors.ts';
import { errorResponses, fileResponse } from '../plugins/openapi.ts';
import { publicOrigin } from '../services/public-origin.ts';
import { type ThrottlePolicy, throwIfRefused } from '../services/rate-limit.ts';
import { findingsCsv } from '../services/report-export/findings-csv.ts';
import { PdfBusyError } from '../services/report-export/pdf-renderer.ts';
import { reportPrintHtml } from '../services/report-export/print-html.ts';
import { presentReport } from '../services/report-presenter.ts';
import { requesterKey } from '../services/requester.ts';

/**
 * Downloads of a report: GET /api/reports/:token/export.pdf | .csv | .json. The token is the
 * reader's capability, as for GET /api/reports/:token, and every format is made from the report
 * as presented to this reader: an anonymous reader's locked findings are not in any of them.
 */

/** A PDF occupies the headless browser for a few hundred milliseconds: counted per requester. */
export const PDF_EXPORT_POLICY: ThrottlePolicy = {
  kind: 'export_pdf',
  rules: [{ windowSeconds: 60 * 60, limit: PDF_EXPORTS_PER_HOUR, code: 'too_many_requests' }],
};

/** How long a client should wait before asking again when the PDF queue is full. */
const BUSY_RETRY_AFTER_SECONDS = 5;

const LOOKUP_ERRORS = ['report_not_found', 'report_deleted', 'report_expired'] as const;

/** The completed report as this reader may see it, or the catalogue error that says why not. */
async function readableReport(app: FastifyInstance, request: FastifyRequest): Promise<Report> {
  const { token } = request.params as { token: string };
  const lookup = await app.reports.findByToken(token);
  if (lookup.kind === 'not_found') throw new ApiError('report_not_found');
  if (lookup.kind === 'deleted') throw new ApiError('report_deleted');
  if (lookup.kind === 'expired') throw new ApiError('report_expired');
  const report = presentReport(lookup.report, lookup.url, request.userId !== null);
  if (report.status === 'failed') {
    throw new ApiError(
      'report_not_ready',
      'The analysis of this page failed: there is nothing to download.',
    );
  }
  if (report.status !== 'completed') throw new ApiError('report_not_ready');
  return report;
}

function download(reply: FastifyReply, report: Report, format: ExportFormat): FastifyReply {
  const name = exportFileName(report.url, report.completed_at ?? report.created_at, format);
  return (
    reply
      .type(EXPORT_CONTENT_TYPES[format])
      // The name is ASCII by construction (exportFileName), so no filename* form is needed.
      .header('content-disposition', `attachment; filename="${name}"`)
      // What an anonymous reader may see changes when they sign in: never cache a copy.
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
  );
}

const exportSchema = (
  format: ExportFormat,
  summary: string,
  description: string,
  extraErrors: Parameters<typeof errorResponses>,
) => ({
  tags: ['reports'],
  summary,
  description:
    `${description} Sent as an attachment named \`crawlwise-<host>-<yyyy-mm-dd>.${format}\`. ` +
    'Anonymous readers get only what they may see on screen: locked findings stay locked.',
  params: reportTokenParamsSchema,
  produces: [EXPORT_CONTENT_TYPES[format]],
  response: {
    200: fileResponse(
      `The report as ${format.toUpperCase()}`,
      EXPORT_CONTENT_TYPES[format].split(';')[0] as string,
      format === 'json'
        ? reportSchema
        : z.string().meta(format === 'pdf' ? { format: 'binary' } : {}),
    ),
    ...errorResponses(...LOOKUP_ERRORS, 'report_not_ready', ...extraErrors),
  },
});

export const reportExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/reports/:token/export.json',
    {
      schema: exportSchema(
        'json',
        'Download a report as JSON',
        'The report in the shared report schema (the `report` of GET /api/reports/:token).',
        [],
      ),
    },
    async (request, reply) => {
      const report = await readableReport(app, request);
      return download(reply, report, 'json').send(JSON.stringify(report, null, 2));
    },
  );

  app.get(
    '/api/reports/:token/export.csv',
    {
      schema: exportSchema(
        'csv',
        'Download the findings of a report as CSV',
        'One row per finding: id, category, severity, outcome, points, title, details, ' +
          'how_to_fix (UTF-8 with a byte order mark, RFC 4180 quoting; cells that a ' +
          'spreadsheet would run as a formula start with an apostrophe).',
        [],
      ),
    },
    async (request, reply) => {
      const report = await readableReport(app, request);
      return download(reply, report, 'csv').send(Readable.from(findingsCsv(report)));
    },
  );

  app.get(
    '/api/reports/:token/export.pdf',
    {
      schema: exportSchema(
        'pdf',
        'Download a report as PDF',
        'A printable report made by a headless browser: a cover with the score and the address, ' +
          'every finding with its fix, the crawler view and the score ledger, numbered pages. ' +
          `At most ${PDF_EXPORTS_PER_HOUR} PDFs per requester per hour (\`too_many_requests\`, ` +
          '429 with `Retry-After`); when too many are being made at once, `export_busy` (503 ' +
          'with `Retry-After`).',
        ['too_many_requests', 'export_busy', 'export_failed'],
      ),
    },
    async (request, reply) => {
      const report = await readableReport(app, request);
      // HEAD (a link checker, a download manager's probe) learns what GET would send without
      // occupying the browser or spending the requester's hourly PDFs.
      if (request.method === 'HEAD') return download(reply, report, 'pdf').send();
      const requester = requesterKey(request);
      throwIfRefused(await app.limits.reserve(app.database.db, PDF_EXPORT_POLICY, requester));
      const reportUrl = `${publicOrigin(app.config)}${PATHS.reportFor(request.params.token)}`;
      let pdf: Buffer;
      try {
        pdf = await app.pdfs.render({
          html: reportPrintHtml(report, { reportUrl }),
          footerText: `Crawlwise SEO report · ${report.url}`,
        });
      } catch (error) {
        if (error instanceof PdfBusyError) {
          // Nothing was made: the refusal does not spend one of the requester's PDFs (issue 25).
          await app.limits.refund(app.database.db, PDF_EXPORT_POLICY, requester);
          throw new ApiError('export_busy', undefined, {
            headers: { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) },
          });
        }
        request.log.warn({ err: error }, 'PDF export failed');
        throw new ApiError('export_failed');
      }
      return download(reply, report, 'pdf').send(pdf);
    },
  );
};
