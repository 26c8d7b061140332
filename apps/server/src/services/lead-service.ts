import type { UtmKey } from '@crawlwise/shared/forms';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
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

export type SubscribeOutcome = 'subscribed' | 'resubscribed' | 'already_subscribed';

const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A uuid that may name a row, or null: a bad id must not cost the visitor the sign-up. */
const uuidOrNull = (value: string | undefined) => (value && UUID_SHAPE.test(value) ? value : null);

type Row = Record<string, unknown>;

/** Stands in for an erased address; unique per row, and never a deliverable email. */
export const ERASED_EMAIL_PREFIX = 'erased:';

export class LeadService {
  constructor(private readonly database: Database) {}

  async subscribe(signup: LeadSignup): Promise<SubscribeOutcome> {
    const urlId = uuidOrNull(signup.urlId);
    const reportId = uuidOrNull(signup.reportId);
    const utm = signup.utm;
    // One statement, so two sign-ups of one address at once cannot both insert. The link
    // columns take the id only if the row exists (a subselect yields null otherwise). On a
    // conflict only an unsubscribed row is updated: an active one returns nothing.
    const result = (await this.database.db.execute(sql`
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
      on conflict (lower(email)) do update set
        email = excluded.email,
        url_id = excluded.url_id,
        report_id = excluded.report_id,
        utm_source = excluded.utm_source,
        utm_medium = excluded.utm_medium,
        utm_campaign = excluded.utm_campaign,
        utm_term = excluded.utm_term,
        utm_content = excluded.utm_content,
        unsubscribed_at = null
      where leads.unsubscribed_at is not null
      returning (xmax = 0) as inserted`)) as unknown as { rows: Row[] };
    const [row] = result.rows;
    if (!row) return 'already_subscribed';
    return row.inserted ? 'subscribed' : 'resubscribed';
  }

  /**
   * Unsubscribes and erases the address; using the link twice is fine. The token, not the
   * address, names the row, so nobody can unsubscribe someone else by guessing.
   */
  async unsubscribe(token: string): Promise<'unsubscribed' | 'not_found'> {
    if (!isWellFormedAccessToken(token)) return 'not_found';
    const result = (await this.database.db.execute(sql`
      update leads set unsubscribed_at = coalesce(unsubscribed_at, now()),
        email = ${ERASED_EMAIL_PREFIX} || id::text,
        utm_source = null, utm_medium = null, utm_campaign = null, utm_term = null,
        utm_content = null
      where unsubscribe_token = ${token}
      returning id`)) as unknown as { rows: Row[] };
    return result.rows.length > 0 ? 'unsubscribed' : 'not_found';
  }
}
