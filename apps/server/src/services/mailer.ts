import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';

/**
 * Outgoing mail. With SMTP_URL set, nodemailer delivers over SMTP; without it (a fresh install,
 * development) every mail is written to the server log instead, so nothing depends on a mail
 * server being configured. Sending never fails the caller: what triggers a mail (a contact
 * message) is already stored, so a delivery problem is logged, not answered to the visitor.
 */

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}

export interface MailerOptions {
  smtpUrl?: string | undefined;
  from: string;
}

/** A dead mail server must not keep a delivery (or shutdown) waiting for minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export class Mailer {
  /**
   * The SMTP transport, made with the first mail: nodemailer is a few megabytes of heap that an
   * idle server would otherwise hold from start-up (issue 23.3). Null without SMTP_URL.
   */
  private transport: Promise<Transporter> | null = null;
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly options: MailerOptions,
    private readonly logger: FastifyBaseLogger,
  ) {}

  private smtp(smtpUrl: string): Promise<Transporter> {
    this.transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }),
    );
    return this.transport;
  }

  /** Resolves once the mail is delivered or the failure is logged; it never rejects. */
  deliver(message: MailMessage): Promise<void> {
    const delivery = this.send(message).finally(() => this.pending.delete(delivery));
    this.pending.add(delivery);
    return delivery;
  }

  private async send(message: MailMessage): Promise<void> {
    // Subjects carry visitor input: a line break there would start a new header.
    const subject = message.subject.replace(/\s+/g, ' ').trim();
    if (!this.options.smtpUrl) {
      this.logger.info(
        { mail: { ...message, subject, from: this.options.from } },
        'mail not sent (SMTP_URL is not set): written to the log instead',
      );
      return;
    }
    try {
      const transport = await this.smtp(this.options.smtpUrl);
      await transport.sendMail({
        from: this.options.from,
        to: message.to,
        subject,
        text: message.text,
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        ...(message.headers ? { headers: message.headers } : {}),
      });
      this.logger.info({ to: message.to, subject }, 'mail sent');
    } catch (error) {
      this.logger.error({ err: error, to: message.to, subject }, 'mail delivery failed');
    }
  }

  /** Lets deliveries in flight finish (bounded by the SMTP timeouts), then closes the transport. */
  async close(): Promise<void> {
    await Promise.all(this.pending);
    // A transport that could not be made has nothing to close (its mails logged the failure).
    await this.transport?.then(
      (transport) => transport.close(),
      () => {},
    );
  }
}

/** Longest account name a mail repeats; the rest is cut with an ellipsis. */
export const MAIL_NAME_MAX_CHARS = 40;

/**
 * An account name as a mail may quote it: whoever signs up chooses the name, and a mail that
 * greets by name must not carry their line breaks (a forged paragraph, fake headers in the text)
 * or a 100-character pitch into someone else's inbox (issue 25).
 */
export function mailSafeName(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const flat = name.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ');
  const single = flat.replace(/\s+/g, ' ').trim();
  const chars = Array.from(single);
  if (chars.length <= MAIL_NAME_MAX_CHARS) return single || 'there';
  return `${chars
    .slice(0, MAIL_NAME_MAX_CHARS - 1)
    .join('')
    .trimEnd()}…`;
}
