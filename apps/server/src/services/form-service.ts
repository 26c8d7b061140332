import type { ContactMessage, PartnerSignup } from '@crawlwise/shared/forms';
import type { Database } from '../db/database.ts';
import { contactMessages, partnerWaitlist } from '../db/schema.ts';
import type { Mailer } from './mailer.ts';

/**
 * The contact form and the partner waitlist. A contact message is stored first, so none is lost
 * when mail is down, then mailed to support (or logged when mail is not set up).
 */
export class FormService {
  constructor(
    private readonly database: Database,
    private readonly mailer: Mailer,
    private readonly supportEmail: string,
  ) {}

  async saveContactMessage(message: ContactMessage): Promise<void> {
    await this.database.db.insert(contactMessages).values({
      name: message.name,
      email: message.email,
      website: message.website ?? null,
      message: message.message,
    });
    // Not awaited: the visitor's answer does not wait for the mail server.
    void this.mailer.deliver({
      to: this.supportEmail,
      replyTo: message.email,
      subject: `Contact form: ${message.name}`,
      text: [
        `From: ${message.name} <${message.email}>`,
        `Website: ${message.website ?? '-'}`,
        '',
        message.message,
      ].join('\n'),
    });
  }

  /** Joining twice is not an error: the answer is the same, and one row is kept. */
  async joinPartnerWaitlist(signup: PartnerSignup): Promise<'joined' | 'already_joined'> {
    const inserted = await this.database.db
      .insert(partnerWaitlist)
      .values({ email: signup.email })
      .onConflictDoNothing()
      .returning({ id: partnerWaitlist.id });
    return inserted.length > 0 ? 'joined' : 'already_joined';
  }
}
