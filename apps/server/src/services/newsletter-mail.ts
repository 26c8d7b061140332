import type { MailMessage } from './mailer.ts';

/**
 * The newsletter's welcome mail. It carries the address's unsubscribe link, in the text and as
 * a List-Unsubscribe header (mail programs show their own button for it), so the privacy page's
 * promise — emails are kept until you unsubscribe — can be kept by the reader alone.
 */

export function unsubscribeUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/api/leads/unsubscribe?token=${encodeURIComponent(token)}`;
}

export function welcomeMail(to: string, unsubscribe: string): MailMessage {
  return {
    to,
    subject: 'Welcome to the Crawlwise newsletter',
    text: [
      'Thanks for subscribing to the Crawlwise newsletter.',
      '',
      'We will send you SEO tips and product updates now and then, never more than once a week.',
      '',
      'Changed your mind? Unsubscribe with one click, and your address is erased:',
      unsubscribe,
    ].join('\n'),
    headers: { 'List-Unsubscribe': `<${unsubscribe}>` },
  };
}
