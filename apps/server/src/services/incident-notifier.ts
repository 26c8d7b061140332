import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from './mailer.ts';

/**
 * Tells the team about a request that failed unexpectedly (500 `internal_error`, whose catalogue
 * text says "The team has been notified": issue 27 made that true). Every incident is logged; the
 * team gets a mail at SUPPORT_EMAIL — through SMTP_URL, or written to the server log like every
 * mail when SMTP is not set up — at most one per MIN_INTERVAL_MS, the next one counting those
 * held back meanwhile, so a failing route cannot flood the support inbox.
 */

export const INCIDENT_MAIL_INTERVAL_MS = 10 * 60 * 1000;
/** Stack lines a mail quotes: enough to find the place, not a page of frames. */
const STACK_LINES = 12;

export interface IncidentContext {
  method: string;
  /** The path only: queries may carry report tokens. */
  path: string;
  requestId: string;
}

export class IncidentNotifier {
  private lastMailAt = Number.NEGATIVE_INFINITY;
  private heldBack = 0;

  constructor(
    private readonly mailer: Mailer,
    private readonly supportEmail: string,
    private readonly logger: FastifyBaseLogger,
    private readonly options: { minIntervalMs?: number; now?: () => number } = {},
  ) {}

  /** Never throws and never waits: the visitor's answer does not depend on the mail. */
  report(error: unknown, context: IncidentContext): void {
    this.logger.error({ err: error, ...context }, 'unexpected error');
    const now = (this.options.now ?? Date.now)();
    if (now - this.lastMailAt < (this.options.minIntervalMs ?? INCIDENT_MAIL_INTERVAL_MS)) {
      this.heldBack += 1;
      return;
    }
    const earlier = this.heldBack;
    this.lastMailAt = now;
    this.heldBack = 0;
    const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    const stack =
      error instanceof Error ? (error.stack ?? '').split('\n').slice(1, STACK_LINES) : [];
    void this.mailer.deliver({
      to: this.supportEmail,
      subject: `Crawlwise: an unexpected error on ${context.method} ${context.path}`,
      text: [
        `At ${new Date(now).toISOString()} a request failed with 500 internal_error.`,
        '',
        `Request: ${context.method} ${context.path} (request id ${context.requestId})`,
        `What failed: ${text}`,
        ...stack,
        '',
        earlier > 0
          ? `${earlier} more unexpected error${earlier === 1 ? '' : 's'} happened since the previous mail; see the server log.`
          : 'The server log has the details.',
      ].join('\n'),
    });
  }
}
