import { isUuid } from '@crawlwise/shared/api/contract';
import type { UtmKey } from '@crawlwise/shared/forms';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/database.ts';
import { isWellFormedAccessToken, newAccessToken } from './access-token.ts';

/**
 * Newsletter subscribers (spec: kept until they unsubscribe). One row per address, compared
 * case-insensitively by the unique index on lower(email). Unsubscribing erases the address (the
 * privacy policy keeps emails only until then) and keeps an anonymous row so the link still
 * answers; a later sign-up is a new subscription.
 */

export interface LeadSignup {
  email: string;
  /** Links to what the visitor was reading; ignored when malformed or unknown. */
  urlId?: string | undefined;
  reportId?: string | undefined;
  utm: Partial<Record<UtmKey, string>>;
}

export type SubscribeOutcome =
  | { kind: 'subscribed'; unsubscribeToken: string }
  | { kind: 'already_subscribed' };

/** A uuid that may name a row, or null: a bad id must not cost the visitor the sign-up. */
const uuidOrNull = (value: string | undefined) => (value && isUuid(value) ? value : null);

/** Stands in for an erased address; unique per row, and never a deliverable email. */
export const ERASED_EMAIL_PREFIX = 'erased:';

export class LeadService {
  constructor(private readonly database: Database) {}

  async subscribe(signup: LeadSignup): Promise<SubscribeOutcome> {
    const urlId = uuidOrNull(signup.urlId);
    const reportId = uuidOrNull(signup.reportId);
    const utm = signup.utm;
    // One statement, so two sign-ups of one address at once cannot both insert. The link
    // columns take the id only if the row exists (a subselect yields null otherwise). An
    // unsubscribed address was erased, so a conflict always means an active subscription.
    const inserted = await queryRows<{ unsubscribe_token: string }>(
      this.database.db,
      sql`
      insert into leads (email, url_id, report_id, utm_source, utm_medium, utm_campaign,
                         utm_term, utm_content, unsubscribe_token)
      values (
        ${signup.email},
        (select id from urls where id = ${urlId}::uuid),
        (select id from reports where id = ${reportId}::uuid),
        ${utm.utm_source ?? null}, ${utm.utm_medium ?? null}, ${utm.utm_campaign ?? null},
        ${utm.utm_term ?? null}, ${utm.utm_content ?? null},
        ${newAccessToken()}
      )
      on conflict (lower(email)) do nothing
      returning unsubscribe_token`,
    );
    const [row] = inserted;
    return row
      ? { kind: 'subscribed', unsubscribeToken: row.unsubscribe_token }
      : { kind: 'already_subscribed' };
  }

  /**
   * Unsubscribes and erases the address; using the link twice is fine. The token, not the
   * address, names the row, so nobody can unsubscribe someone else by guessing.
   */
  async unsubscribe(token: string): Promise<'unsubscribed' | 'not_found'> {
    if (!isWellFormedAccessToken(token)) return 'not_found';
    const updated = await queryRows(
      this.database.db,
      sql`
      update leads set unsubscribed_at = coalesce(unsubscribed_at, now()),
        email = ${ERASED_EMAIL_PREFIX} || id::text,
        utm_source = null, utm_medium = null, utm_campaign = null, utm_term = null,
        utm_content = null
      where unsubscribe_token = ${token}
      returning id`,
    );
    return updated.length > 0 ? 'unsubscribed' : 'not_found';
  }
}
