import type { MailMessage } from '../services/mailer.ts';
import type { Regression } from './regression.ts';

/**
 * The regression mail: what got worse, a link to the comparison of the two reports, and a
 * one-click stop link, also offered to mail clients as List-Unsubscribe with RFC 8058's
 * List-Unsubscribe-Post (the client POSTs `List-Unsubscribe=One-Click` to the same address).
 */

export interface RegressionMailInput {
  to: string;
  pageUrl: string;
  previous: { score: number; accessToken: string };
  current: { score: number; accessToken: string };
  regression: Regression;
  publicOrigin: string;
  stopToken: string;
}

/** The comparison screen (the history/compare track): both reports by their access tokens. */
export function compareUrl(origin: string, previousToken: string, currentToken: string): string {
  const query = new URLSearchParams({ a: previousToken, b: currentToken });
  return `${origin}/compare?${query.toString()}`;
}

export function stopUrl(origin: string, stopToken: string): string {
  return `${origin}/api/watches/stop?${new URLSearchParams({ token: stopToken }).toString()}`;
}

export function regressionMail(input: RegressionMailInput): MailMessage {
  const { regression, previous, current } = input;
  const host = hostOf(input.pageUrl);
  const subject =
    regression.scoreDrop !== null
      ? `SEO score of ${host} dropped from ${previous.score} to ${current.score}`
      : `New critical SEO problem on ${host}`;
  const changes: string[] = [];
  if (regression.scoreDrop !== null) {
    changes.push(
      `- The score dropped by ${regression.scoreDrop} points, from ${previous.score} to ${current.score}.`,
    );
  }
  for (const finding of regression.newCritical) {
    changes.push(`- New critical problem: ${finding.message}`);
  }
  const stop = stopUrl(input.publicOrigin, input.stopToken);
  const text = [
    'Hello,',
    '',
    `Crawlwise checked ${input.pageUrl} again, as you asked, and it got worse:`,
    '',
    ...changes,
    '',
    'See what changed since the previous check:',
    compareUrl(input.publicOrigin, previous.accessToken, current.accessToken),
    '',
    'To stop watching this page, open this link:',
    stop,
    '',
    'Crawlwise',
  ].join('\n');
  return withStopLink({ to: input.to, subject, text }, stop);
}

/** Every watch mail carries its stop link as RFC 8058 one-click unsubscribe headers too. */
export function withStopLink(
  mail: Pick<MailMessage, 'to' | 'subject' | 'text'>,
  stop: string,
): MailMessage {
  return {
    ...mail,
    headers: {
      'List-Unsubscribe': `<${stop}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
