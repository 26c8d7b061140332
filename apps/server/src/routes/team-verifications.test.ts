import { MAX_CRAWL_PAGES } from '@crawlwise/shared/site-check';
import { describe, expect, it } from 'vitest';
import { call } from '../test-support/accounts.ts';
import { type Person, teamTestBed } from '../test-support/teams.ts';
import { HEALTHY_PAGE } from '../test-support/test-app.ts';

/**
 * Site ownership verifications in a team (docs/teams.md › Site ownership verification): they
 * stay each account's own. A member's verified site gives that member's crawls in the team the
 * larger limits, not a teammate's; once the member has left, it no longer counts for the team.
 * Real database, SMTP server and site on 127.0.0.1.
 */

const pages: Record<string, { body: string }> = { '/': { body: HEALTHY_PAGE } };

const bed = teamTestBed({ pages });
const { person, auth, createTeam, join, setActive } = bed;

const BEYOND_UNVERIFIED = MAX_CRAWL_PAGES + 100;

const crawl = (who: Person) =>
  call(bed.app, 'POST', '/api/site-checks', {
    cookie: who.cookie,
    payload: {
      siteUrl: bed.site.url('/'),
      source: 'crawl',
      crawl: { maxPages: BEYOND_UNVERIFIED },
    },
  });

describe('site verifications in a team', () => {
  it('count for the crawls of the member who verified, not a teammate’s, and only while a member', async () => {
    const owner = await person('Owner');
    const team = await createTeam(owner);
    const verifier = await join(team, owner, 'member');
    const teammate = await join(team, owner, 'member');

    // The verifier proves the site with a meta tag of their own token.
    const started = await call(bed.app, 'POST', '/api/site-verifications', {
      cookie: verifier.cookie,
      payload: { siteUrl: bed.site.url('/') },
    });
    expect(started.statusCode).toBe(200);
    const { id, token } = started.json().verification as { id: string; token: string };
    pages['/'] = {
      body: HEALTHY_PAGE.replace(
        '<head>',
        `<head><meta name="crawlwise-site-verification" content="${token}">`,
      ),
    };
    const checked = await call(bed.app, 'POST', `/api/site-verifications/${id}/check`, {
      cookie: verifier.cookie,
    });
    expect(checked.statusCode).toBe(200);

    for (const who of [verifier, teammate]) {
      expect((await setActive(who, team.id)).statusCode).toBe(200);
    }
    // In the team, the verifier's crawl gets the verified limits.
    const byVerifier = await crawl(verifier);
    expect(byVerifier.statusCode).toBe(201);
    const cancelled = await call(
      bed.app,
      'POST',
      `/api/site-checks/${byVerifier.json().siteCheck.id}/cancel`,
      { cookie: teammate.cookie },
    );
    expect(cancelled.statusCode).toBe(200);
    // The teammate's own crawl of the same site does not: verifications are per account.
    const byTeammate = await crawl(teammate);
    expect(byTeammate.statusCode).toBe(403);
    expect(byTeammate.json()).toMatchObject({ ok: false, error: 'site_not_verified' });

    // Once the verifier has left, their proof no longer counts for the team (a crawl watch they
    // made stays the team's and runs under the unverified limits), but still in their Personal.
    const verifications = bed.app.services.siteVerifications;
    const siteUrl = new URL(bed.site.url('/'));
    expect(
      await verifications.recheck({ userId: verifier.userId, teamId: team.id }, siteUrl),
    ).toEqual({ status: 'verified' });
    expect((await auth(verifier, 'leave', { organizationId: team.id })).statusCode).toBe(200);
    expect(
      await verifications.recheck({ userId: verifier.userId, teamId: team.id }, siteUrl),
    ).toEqual({ status: 'unverified' });
    expect(await verifications.recheck({ userId: verifier.userId, teamId: null }, siteUrl)).toEqual(
      {
        status: 'verified',
      },
    );
  });
});
