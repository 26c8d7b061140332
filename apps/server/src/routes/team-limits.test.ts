import { DAILY_REPORT_LIMIT } from '@crawlwise/shared/limits';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../db/database.ts';
import { PAGE_FETCH_POLICY } from '../services/rate-limit.ts';
import { TEAM_DAILY_LIMIT_MESSAGE } from '../services/report-intake.ts';
import { call } from '../test-support/accounts.ts';
import { teamTestBed } from '../test-support/teams.ts';

/**
 * Limits with teams, limits on (docs/teams.md › Allowances, Invitations): one address gets at
 * most 5 invitation mails an hour whatever team or resend asks; a team's daily allowance is its
 * members' together, apart from each member's Personal one. Real database, real SMTP server and
 * test site on 127.0.0.1.
 */

const bed = teamTestBed({ config: { RATE_LIMITS: 'on' } });
const { person, auth, invitationMails, invitationLinkFor, createTeam, join, setActive } = bed;

describe('team limits', () => {
  it('mails one address at most 5 invitations an hour, whatever team or resend asks; the 6th is refused and not mailed', async () => {
    const owner = await person('Owner');
    const [first, second, third] = [
      await createTeam(owner, 'First'),
      await createTeam(owner, 'Second'),
      await createTeam(owner, 'Third'),
    ];
    const email = `invitee-${Date.now()}@example.com`;
    const invite = (team: { id: string }, to = email, resend = false) =>
      auth(owner, 'invite-member', {
        email: to,
        role: 'member',
        organizationId: team.id,
        ...(resend ? { resend: true } : {}),
      });
    // 1 and 2-3 (resends) from the first team, 4 and 5 (a resend) from the second. An invitation
    // the plugin refuses (already invited, without `resend`) mails nothing and does not count.
    const asked = [
      await invite(first),
      await invite(first),
      await invite(first, email, true),
      await invite(first, email, true),
      await invite(second),
      await invite(second),
      await invite(second, email, true),
    ];
    expect(asked.map((each) => each.statusCode)).toEqual([200, 400, 200, 200, 200, 400, 200]);
    await invitationLinkFor(email, 5);

    // The 6th, from a third team and written in capitals, is the same inbox.
    const sixth = await invite(third, email.toUpperCase());
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({
      ok: false,
      error: 'too_many_requests',
      message: 'Too many attempts. Please wait 60 minutes and try again.',
    });
    const resentSixth = await invite(first, email, true);
    expect(resentSixth.statusCode).toBe(429);
    // Nothing mailed, no invitation made by the third team. (The mail is sent before the
    // answer, so a 6th mail would be here by now.)
    expect(invitationMails(email)).toHaveLength(5);
    const rows = await queryRows<{ n: number }>(
      bed.database.db,
      sql`select count(*)::int as n from invitations where organization_id = ${third.id}`,
    );
    expect(rows[0]?.n).toBe(0);
    // Another address is not affected.
    const other = await invite(third, `other-${Date.now()}@example.com`);
    expect(other.statusCode).toBe(200);
  });

  it('shares a team’s daily report allowance among its members; a member’s Personal allowance is apart', async () => {
    const owner = await person('Owner');
    const team = await createTeam(owner);
    const member = await join(team, owner, 'member');
    for (const who of [owner, member]) expect((await setActive(who, team.id)).statusCode).toBe(200);

    // The team has used all but two of its reports earlier today (an hour ago, so the
    // per-minute rule is not what refuses); the owner uses the last two.
    await bed.database.db.execute(
      sql`insert into throttle_events (kind, requester_key, created_at)
          select ${PAGE_FETCH_POLICY.kind}, ${`team:${team.id}`}, now() - interval '1 hour'
          from generate_series(1, ${DAILY_REPORT_LIMIT - 2})`,
    );
    const report = (who: typeof owner) =>
      call(bed.app, 'POST', '/api/reports', {
        cookie: who.cookie,
        payload: { url: bed.site.url('/') },
      });
    for (let n = 0; n < 2; n++) expect((await report(owner)).statusCode).toBe(201);

    // The member, in the team, is refused: the allowance is the team's.
    const refused = await report(member);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      ok: false,
      error: 'rate_limit_exceeded',
      message: TEAM_DAILY_LIMIT_MESSAGE,
    });
    expect(TEAM_DAILY_LIMIT_MESSAGE).toBe(
      `Your team has run ${DAILY_REPORT_LIMIT} reports in the last 24 hours; its members share this allowance.`,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // In Personal the member's own allowance is untouched.
    expect((await setActive(member, null)).statusCode).toBe(200);
    const personal = await report(member);
    expect(personal.statusCode).toBe(201);
    const counted = await queryRows<{ requester_key: string; n: number }>(
      bed.database.db,
      sql`select requester_key, count(*)::int as n from throttle_events
           where requester_key in (${`team:${team.id}`}, ${`user:${member.userId}`},
                                   ${`user:${owner.userId}`})
           group by requester_key order by requester_key`,
    );
    expect(counted).toEqual([
      { requester_key: `team:${team.id}`, n: DAILY_REPORT_LIMIT },
      { requester_key: `user:${member.userId}`, n: 1 },
    ]);
  });
});
