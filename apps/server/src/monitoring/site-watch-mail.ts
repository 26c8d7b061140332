import { NON_INDEXABLE_LABELS } from '@crawlwise/shared/audit-labels';
import { PATHS } from '@crawlwise/shared/routes';
import type { MailMessage } from '../services/mailer.ts';
import type { CrawlRegression } from './crawl-regression.ts';
import type { SiteRegression } from './site-regression.ts';
import { hostOf, stopUrl, withStopLink } from './watch-mail.ts';

/**
 * The regression mail of a site watch: what got worse across the site, links to the new site
 * report and the previous one, and the same one-click stop link as a page watch's mail. A crawl
 * watch's mail also names the new broken internal links and the pages that became
 * non-indexable. Every list is bounded ("And N more"); the site report has them all.
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
  changes.push(...criticalLines(regression.newCritical));
  return siteMail(input, subject, changes);
}

export interface CrawlRegressionMailInput extends Omit<SiteRegressionMailInput, 'regression'> {
  regression: CrawlRegression;
}

/** Most new broken links, and most pages that became non-indexable, listed in one mail. */
const LISTED_LINKS = 20;
const LISTED_PAGES = 20;

export function crawlRegressionMail(input: CrawlRegressionMailInput): MailMessage {
  const { regression } = input;
  const host = hostOf(input.siteUrl);
  const links = regression.newBrokenLinks;
  const pages = regression.newlyNonIndexable;
  const subject =
    regression.scoreDrop !== null
      ? `Site score of ${host} dropped from ${regression.previousScore} to ${regression.currentScore}`
      : links.total > 0
        ? `New broken links on ${host}`
        : pages.total > 0
          ? `Pages of ${host} became non-indexable`
          : `New critical SEO problem on ${host}`;
  const changes: string[] = [];
  if (regression.scoreDrop !== null) {
    changes.push(
      `- The site score dropped by ${regression.scoreDrop} points, from ${regression.previousScore} to ${regression.currentScore}.`,
    );
  }
  if (links.total > 0) {
    changes.push(
      `- ${plural(links.total, 'new broken internal link', 'new broken internal links')}:`,
    );
    for (const link of links.items.slice(0, LISTED_LINKS)) {
      changes.push(`  ${link.source} → ${link.target} (${brokenStatus(link)})`);
    }
    const more = links.total - Math.min(links.items.length, LISTED_LINKS);
    if (more > 0) changes.push(`  And ${more} more.`);
  }
  if (pages.total > 0) {
    changes.push(`- ${plural(pages.total, 'page became', 'pages became')} non-indexable:`);
    for (const page of pages.items.slice(0, LISTED_PAGES)) {
      changes.push(`  ${page.url} (${NON_INDEXABLE_LABELS[page.reason]})`);
    }
    const more = pages.total - Math.min(pages.items.length, LISTED_PAGES);
    if (more > 0) changes.push(`  And ${more} more.`);
  }
  changes.push(...criticalLines(regression.newCritical));
  return siteMail(input, subject, changes);
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** "HTTP 404", or the failure when the target gave no answer. */
function brokenStatus(link: { status: number | null; error: string | null }): string {
  if (link.status !== null) return `HTTP ${link.status}`;
  return link.error ? `no answer: ${link.error}` : 'no answer';
}

function criticalLines(newCritical: SiteRegression['newCritical']): string[] {
  const lines = newCritical
    .slice(0, LISTED_PROBLEMS)
    .map((problem) => `- New critical problem on ${problem.url}: ${problem.message}`);
  const more = newCritical.length - LISTED_PROBLEMS;
  if (more > 0) lines.push(`- And ${more} more new critical problems.`);
  return lines;
}

function siteMail(
  input: Omit<SiteRegressionMailInput, 'regression'>,
  subject: string,
  changes: readonly string[],
): MailMessage {
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
