import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { startSmtpServer } from '../test-support/test-app.ts';
import { MAIL_NAME_MAX_CHARS, Mailer, mailSafeName } from './mailer.ts';

/** A real pino logger whose lines are kept for the assertions. */
function capturingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

const MESSAGE = {
  to: 'support@example.com',
  replyTo: 'visitor@example.com',
  subject: 'Contact form:\nAda',
  text: 'Hello there',
};

describe('Mailer', () => {
  it('writes the mail to the log at info level when SMTP_URL is not set', async () => {
    const { logger, lines } = capturingLogger();
    const mailer = new Mailer({ from: 'Crawlwise <support@example.com>' }, logger);
    await mailer.deliver(MESSAGE);
    await mailer.close();
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'mail not sent (SMTP_URL is not set): written to the log instead',
        mail: {
          to: 'support@example.com',
          replyTo: 'visitor@example.com',
          subject: 'Contact form: Ada',
          text: 'Hello there',
          from: 'Crawlwise <support@example.com>',
        },
      }),
    ]);
  });

  it('delivers over SMTP', async () => {
    const smtp = await startSmtpServer();
    const { logger, lines } = capturingLogger();
    const mailer = new Mailer({ smtpUrl: smtp.url, from: 'bot@example.com' }, logger);
    try {
      await mailer.deliver(MESSAGE);
      expect(smtp.mails).toHaveLength(1);
      expect(smtp.mails[0]?.to).toEqual(['support@example.com']);
      expect(smtp.mails[0]?.raw).toContain('Hello there');
      expect(lines.map((line) => line.msg)).toEqual(['mail sent']);
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });

  it('logs a failed delivery instead of throwing', async () => {
    const { logger, lines } = capturingLogger();
    // Port 1 on loopback: nothing listens, the connection is refused at once.
    const mailer = new Mailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'bot@example.com' }, logger);
    await expect(mailer.deliver(MESSAGE)).resolves.toBeUndefined();
    await mailer.close();
    expect(lines).toEqual([expect.objectContaining({ level: 50, msg: 'mail delivery failed' })]);
  });
});

describe('mailSafeName', () => {
  it('flattens line breaks and control characters into single spaces', () => {
    expect(mailSafeName('Ann\r\nBcc: victim@example.com\n\nClick here')).toBe(
      'Ann Bcc: victim@example.com Click here',
    );
    expect(mailSafeName('a\u2028b\u0000c\u0085d')).toBe('a b c d');
  });

  it('cuts a long name to the limit with an ellipsis', () => {
    const cut = mailSafeName(`${'Win a prize '.repeat(10)}`);
    expect(Array.from(cut)).toHaveLength(MAIL_NAME_MAX_CHARS);
    expect(cut.endsWith('…')).toBe(true);
    expect(mailSafeName('Ada Lovelace')).toBe('Ada Lovelace');
  });

  it('greets an empty name as "there"', () => {
    expect(mailSafeName(' \n ')).toBe('there');
  });
});
