import { isUuid } from '@crawlwise/shared/api/contract';
import type { UtmKey } from '@crawlwise/shared/forms';
import { sql } from 'drizzle-orm';
import { col, type Database, queryRows } from '../db/database.ts';
import { leads, reports, urls } from '../db/schema.ts';
import { isWellFormedAccessToken, newAccessToken } from './access-token.ts';

/**
 * Newsletter subscribers (spec: kept until they unsubscribe). One row per address, compared
 * case-insensitively by the unique index on lower(email). Unsubscribing erases the address (the
 * privacy policy keeps emails only until then) and keeps an anonymous row so the link still
 * answers; a later sign-up is a new subscription. The owner of the leads table's sign-ups and
 * unsubscribes (issue 24.2; the purge of a report unlinks its sign-ups, db/tables/reports.ts);
 * columns are named through the Drizzle schema.
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
      insert into ${leads} (${col(leads.email)}, ${col(leads.urlId)}, ${col(leads.reportId)},
        ${col(leads.utmSource)}, ${col(leads.utmMedium)}, ${col(leads.utmCampaign)},
        ${col(leads.utmTerm)}, ${col(leads.utmContent)}, ${col(leads.unsubscribeToken)})
      values (
        ${signup.email},
        (select ${urls.id} from ${urls} where ${urls.id} = ${urlId}::uuid),
        (select ${reports.id} from ${reports} where ${reports.id} = ${reportId}::uuid),
        ${utm.utm_source ?? null}, ${utm.utm_medium ?? null}, ${utm.utm_campaign ?? null},
        ${utm.utm_term ?? null}, ${utm.utm_content ?? null},
        ${newAccessToken()}
      )
      on conflict (lower(${col(leads.email)})) do nothing
      returning ${col(leads.unsubscribeToken)} as unsubscribe_token`,
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
      update ${leads} set
        ${col(leads.unsubscribedAt)} = coalesce(${leads.unsubscribedAt}, now()),
        ${col(leads.email)} = ${ERASED_EMAIL_PREFIX} || ${leads.id}::text,
        ${col(leads.utmSource)} = null, ${col(leads.utmMedium)} = null,
        ${col(leads.utmCampaign)} = null, ${col(leads.utmTerm)} = null,
        ${col(leads.utmContent)} = null
      where ${leads.unsubscribeToken} = ${token}
      returning ${leads.id} as id`,
    );
    return updated.length > 0 ? 'unsubscribed' : 'not_found';
  }
}
