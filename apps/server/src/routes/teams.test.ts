import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../db/database.ts';
import { call, TEST_PASSWORD } from '../test-support/accounts.ts';
import { teamTestBed } from '../test-support/teams.ts';

/**
 * Teams end to end on the real database and a real SMTP server on 127.0.0.1 (docs/teams.md):
 * create, invite by mail, accept from the mailed link, share the workspace's items, roles,
 * removal refused on the next request, the trail, the ownership transfer, deletion.
 */

const bed = teamTestBed();
const { person, auth, join, createTeam, setActive } = bed;

describe('teams', () => {
  it('checks the name and address with the shared rules; a taken address is team_slug_taken', async () => {
    const owner = await person('Owner');
    const bad = await auth(owner, 'create', { name: 'Acme', slug: '-Bad Slug' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      ok: false,
      message: 'Use lower-case letters, digits and hyphens (not at the start or end).',
    });
    const team = await createTeam(owner);
    const other = await person('Other');
    const taken = await auth(other, 'create', { name: 'Other', slug: team.slug });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ ok: false, error: 'team_slug_taken' });
  });

  it('invites by mail, shares the workspace, refuses a removed member at once, keeps a trail', async () => {
    const owner = await person('Owner');
    const team = await createTeam(owner);
    const member = await join(team, owner, 'member');
    const admin = await join(team, owner, 'admin');

    // The owner works in the team: a report and a site check of the team.
    expect((await setActive(owner, team.id)).statusCode).toBe(200);
    const report = await call(bed.app, 'POST', '/api/reports', {
      cookie: owner.cookie,
      payload: { url: bed.site.url('/') },
    });
    expect(report.statusCode).toBe(201);
    const token = report.json().accessToken as string;
    const check = await call(bed.app, 'POST', '/api/site-checks', {
      cookie: owner.cookie,
      payload: { siteUrl: bed.site.url('/'), source: 'list', list: bed.site.url('/') },
    });
    expect(check.statusCode).toBe(201);
    const checkId = check.json().siteCheck.id as string;

    // The member sees them in the team workspace, not in Personal. (Accepting made the team the
    // member's active workspace; Personal first.)
    expect((await setActive(member, null)).statusCode).toBe(200);
    const personal = await call(bed.app, 'GET', '/api/me/reports', { cookie: member.cookie });
    expect(personal.json().reports).toEqual([]);
    expect((await setActive(member, team.id)).statusCode).toBe(200);
    const shared = await call(bed.app, 'GET', '/api/me/reports', { cookie: member.cookie });
    expect(
      shared.json().reports.map((each: { access_token: string }) => each.access_token),
    ).toEqual([token]);
    const checks = await call(bed.app, 'GET', '/api/site-checks', { cookie: member.cookie });
    expect(checks.json().siteChecks.map((each: { id: string }) => each.id)).toEqual([checkId]);
    const one = await call(bed.app, 'GET', `/api/site-checks/${checkId}`, {
      cookie: member.cookie,
    });
    expect(one.statusCode).toBe(200);

    // A member cannot invite or remove; an admin can.
    const refused = await auth(member, 'invite-member', {
      email: `x-${randomUUID()}@example.com`,
      role: 'member',
      organizationId: team.id,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ ok: false, error: 'team_forbidden' });
    const byAdmin = await auth(admin, 'invite-member', {
      email: `y-${randomUUID()}@example.com`,
      role: 'member',
      organizationId: team.id,
    });
    expect(byAdmin.statusCode).toBe(200);
    const cancelled = await auth(admin, 'cancel-invitation', { invitationId: byAdmin.json().id });
    expect(cancelled.statusCode).toBe(200);

    // The owner removes the member: the member's very next request is refused.
    const removed = await auth(owner, 'remove-member', {
      memberIdOrEmail: member.email,
      organizationId: team.id,
    });
    expect(removed.statusCode).toBe(200);
    for (const path of ['/api/me/reports', '/api/site-checks', `/api/site-checks/${checkId}`]) {
      const after = await call(bed.app, 'GET', path, { cookie: member.cookie });
      expect(after.statusCode, path).toBe(404);
      expect(after.json()).toMatchObject({ ok: false, error: 'team_not_found' });
    }
    // Back in Personal, the member works as before.
    expect((await setActive(member, null)).statusCode).toBe(200);
    const back = await call(bed.app, 'GET', '/api/me/reports', { cookie: member.cookie });
    expect(back.statusCode).toBe(200);

    // The trail, newest first, members only.
    const trail = await call(bed.app, 'GET', `/api/teams/${team.id}/activity`, {
      cookie: admin.cookie,
    });
    expect(trail.statusCode).toBe(200);
    const actions = trail.json().activity.map((each: { action: string }) => each.action);
    expect(actions).toEqual([
      'member.removed',
      'invitation.cancelled',
      'member.invited',
      'site-check.created',
      'report.created',
      'member.joined',
      'member.invited',
      'member.joined',
      'member.invited',
      'team.created',
    ]);
    expect(trail.json().activity[4]).toMatchObject({
      actor: { id: owner.userId, email: owner.email },
      subject: bed.site.url('/'),
      href: `/report?token=${token}`,
    });
    const outsider = await call(bed.app, 'GET', `/api/teams/${team.id}/activity`, {
      cookie: member.cookie,
    });
    expect(outsider.statusCode).toBe(404);
  });

  it('transfers ownership; an owner cannot delete the account; deleting the team erases its items', async () => {
    const owner = await person('Owner');
    const team = await createTeam(owner);
    const admin = await join(team, owner, 'admin');

    expect((await setActive(owner, team.id)).statusCode).toBe(200);
    const report = await call(bed.app, 'POST', '/api/reports', {
      cookie: owner.cookie,
      payload: { url: bed.site.url('/') },
    });
    const token = report.json().accessToken as string;

    const deleteOwner = await call(bed.app, 'POST', '/api/auth/delete-user', {
      cookie: owner.cookie,
      payload: { password: TEST_PASSWORD },
    });
    expect(deleteOwner.statusCode).toBe(409);
    expect(deleteOwner.json()).toMatchObject({
      ok: false,
      error: 'account_owns_team',
      message:
        'An account that owns a team cannot be deleted. Transfer the ownership of your teams, or delete them, first.',
    });

    // Only the owner hands the team over, and only to a member.
    const byAdmin = await call(bed.app, 'POST', `/api/teams/${team.id}/transfer-ownership`, {
      cookie: admin.cookie,
      payload: { userId: admin.userId },
    });
    expect(byAdmin.statusCode).toBe(403);
    const stranger = await person('Stranger');
    const toStranger = await call(bed.app, 'POST', `/api/teams/${team.id}/transfer-ownership`, {
      cookie: owner.cookie,
      payload: { userId: stranger.userId },
    });
    expect(toStranger.statusCode).toBe(400);
    const moved = await call(bed.app, 'POST', `/api/teams/${team.id}/transfer-ownership`, {
      cookie: owner.cookie,
      payload: { userId: admin.userId },
    });
    expect(moved.statusCode).toBe(200);
    const roles = await queryRows<{ user_id: string; role: string }>(
      bed.database.db,
      sql`select user_id, role from members where organization_id = ${team.id} order by role`,
    );
    expect(roles).toEqual(
      expect.arrayContaining([
        { user_id: admin.userId, role: 'owner' },
        { user_id: owner.userId, role: 'admin' },
      ]),
    );

    // The former owner (now admin) cannot delete the team; the new owner can, and its report goes.
    const notOwner = await auth(owner, 'delete', { organizationId: team.id });
    expect(notOwner.statusCode).toBe(403);
    const deleted = await auth(admin, 'delete', { organizationId: team.id });
    expect(deleted.statusCode).toBe(200);
    const read = await call(bed.app, 'GET', `/api/reports/${token}`);
    expect(read.statusCode).toBe(410);
    expect(read.json()).toMatchObject({ error: 'report_deleted' });
    // The former owner's session still names the team: refused, then Personal works.
    const gone = await call(bed.app, 'GET', '/api/me/reports', { cookie: owner.cookie });
    expect(gone.json()).toMatchObject({ error: 'team_not_found' });

    // Owning no team any more, the account can be deleted.
    const deleteNow = await call(bed.app, 'POST', '/api/auth/delete-user', {
      cookie: owner.cookie,
      payload: { password: TEST_PASSWORD },
    });
    expect(deleteNow.statusCode).toBe(200);
  });

  it('counts a team workspace’s reports against the team, shared by its members', async () => {
    const owner = await person('Owner');
    const team = await createTeam(owner);
    const member = await join(team, owner, 'member');
    await setActive(owner, team.id);
    await setActive(member, team.id);
    for (const who of [owner, member]) {
      const made = await call(bed.app, 'POST', '/api/reports', {
        cookie: who.cookie,
        payload: { url: bed.site.url('/') },
      });
      expect(made.statusCode).toBe(201);
    }
    const keys = await queryRows<{ requester_key: string; n: number }>(
      bed.database.db,
      sql`select requester_key, count(*)::int as n from reports where team_id = ${team.id}
          group by requester_key`,
    );
    expect(keys).toEqual([{ requester_key: `team:${team.id}`, n: 2 }]);
  });

  it('lets an API token act in its account’s Personal workspace, whatever session comes along', async () => {
    const owner = await person('Owner');
    const team = await createTeam(owner);
    await setActive(owner, team.id);
    const made = await call(bed.app, 'POST', '/api/reports', {
      cookie: owner.cookie,
      payload: { url: bed.site.url('/') },
    });
    expect(made.statusCode).toBe(201);
    const token = await call(bed.app, 'POST', '/api/me/tokens', {
      cookie: owner.cookie,
      payload: { name: 'ci', scope: 'read' },
    });
    expect(token.statusCode).toBe(201);
    const withBearer = await bed.app.inject({
      method: 'GET',
      url: '/api/me/reports',
      headers: { authorization: `Bearer ${token.json().secret}`, cookie: owner.cookie },
    });
    expect(withBearer.statusCode).toBe(200);
    expect(withBearer.json().reports).toEqual([]);
    const withSession = await call(bed.app, 'GET', '/api/me/reports', { cookie: owner.cookie });
    expect(withSession.json().reports).toHaveLength(1);
  });
});
