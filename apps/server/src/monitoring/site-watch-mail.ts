import { PATHS } from '@crawlwise/shared/routes';
import type { MailMessage } from '../services/mailer.ts';
import type { SiteRegression } from './site-regression.ts';
import { hostOf, stopUrl, withStopLink } from './watch-mail.ts';

/**
 * The regression mail of a site watch: what got worse across the site, links to the new site
 * report and the previous one, and the same one-click stop link as a page watch's mail.
 */

export interface SiteRegressionMailInput {
  to: string;
  siteUrl: string;
  previousSiteCheckId: string;
  currentSiteCheckId: string;
  regression: SiteRegression;
  publicOrigin: string;
  stopToken: string;
}

/** Most new critical problems listed in one mail; the site report has them all. */
const LISTED_PROBLEMS = 20;

export function siteReportUrl(origin: string, siteCheckId: string): string {
  return `${origin}${PATHS.siteCheckFor(siteCheckId)}`;
}

export function siteRegressionMail(input: SiteRegressionMailInput): MailMessage {
  const { regression } = input;
  const host = hostOf(input.siteUrl);
  const subject =
    regression.scoreDrop !== null
      ? `Average SEO score of ${host} dropped from ${regression.previousAverage} to ${regression.currentAverage}`
      : `New critical SEO problem on ${host}`;
  const changes: string[] = [];
  if (regression.scoreDrop !== null) {
    changes.push(
      `- The average score of its pages dropped by ${regression.scoreDrop} points, from ${regression.previousAverage} to ${regression.currentAverage}.`,
    );
  }
  for (const problem of regression.newCritical.slice(0, LISTED_PROBLEMS)) {
    changes.push(`- New critical problem on ${problem.url}: ${problem.message}`);
  }
  const more = regression.newCritical.length - LISTED_PROBLEMS;
  if (more > 0) changes.push(`- And ${more} more new critical problems.`);
  const stop = stopUrl(input.publicOrigin, input.stopToken);
  const text = [
    'Hello,',
    '',
    `Crawlwise checked the site ${input.siteUrl} again, as you asked, and it got worse:`,
    '',
    ...changes,
    '',
    'The new site report:',
    siteReportUrl(input.publicOrigin, input.currentSiteCheckId),
    '',
    'The previous one:',
    siteReportUrl(input.publicOrigin, input.previousSiteCheckId),
    '',
    'To stop watching this site, open this link:',
    stop,
    '',
    'Crawlwise',
  ].join('\n');
  return withStopLink({ to: input.to, subject, text }, stop);
}
