import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../db/database.ts';
import { call } from '../test-support/accounts.ts';
import { type Person, teamTestBed } from '../test-support/teams.ts';

/**
 * A team's members over time (docs/teams.md › Invitations, Roles, Trail), on the real database
 * and a real SMTP server on 127.0.0.1: leaving, declining, resending and cancelling an
 * invitation, role changes in the trail, and the owner out of an admin's reach.
 */

const bed = teamTestBed();
const {
  person,
  signInAgain,
  auth,
  invitationMails,
  invitationLinkFor,
  createTeam,
  join,
  setActive,
  trail,
} = bed;

/** The account's membership in the team (its member id and role), or undefined. */
async function membership(teamId: string, who: Person) {
  const [row] = await queryRows<{ id: string; role: string }>(
    bed.database.db,
    sql`select id, role from members where organization_id = ${teamId} and user_id = ${who.userId}`,
  );
  return row;
}

async function invitationRow(id: string) {
  const [row] = await queryRows<{ status: string; expires_at: Date | string }>(
    bed.database.db,
    sql`select status, expires_at from invitations where id = ${id}`,
  );
  return row;
}

const DAY_MS = 24 * 60 * 60 * 1000;

describe('team members', () => {
  it('a member who leaves loses the team at their next request, in every session; the trail says left', async () => {
    const owner = await person('Owner');
    const team = await createTeam(owner);
    const member = await join(team, owner, 'member');
    const otherBrowser = await signInAgain(member);
    for (const who of [owner, member, otherBrowser]) {
      expect((await setActive(who, team.id)).statusCode).toBe(200);
    }
    const check = await call(bed.app, 'POST', '/api/site-checks', {
      cookie: owner.cookie,
      payload: { siteUrl: bed.site.url('/'), source: 'list', list: bed.site.url('/') },
    });
    expect(check.statusCode).toBe(201);
    const checkPath = `/api/site-checks/${check.json().siteCheck.id}`;
    expect(
      (await call(bed.app, 'GET', checkPath, { cookie: otherBrowser.cookie })).statusCode,
    ).toBe(200);

    const left = await auth(member, 'leave', { organizationId: team.id });
    expect(left.statusCode).toBe(200);
    expect(await membership(team.id, member)).toBeUndefined();

    // The session that left is back in Personal (Better Auth clears its active team): the
    // team's check is not found there.
    const here = await call(bed.app, 'GET', checkPath, { cookie: member.cookie });
    expect(here.statusCode).toBe(404);
    expect(here.json()).toMatchObject({ ok: false, error: 'site_check_not_found' });
    // The other session still names the team: its very next request is refused.
    for (const path of [checkPath, '/api/site-checks', '/api/me/reports', '/api/watches']) {
      const there = await call(bed.app, 'GET', path, { cookie: otherBrowser.cookie });
      expect(there.statusCode, path).toBe(404);
      expect(there.json(), path).toMatchObject({ ok: false, error: 'team_not_found' });
    }
    const activity = await call(bed.app, 'GET', `/api/teams/${team.id}/activity`, {
      cookie: member.cookie,
    });
    expect(activity.statusCode).toBe(404);

    const [latest] = await trail(owner, team.id);
    expect(latest).toMatchObject({
      action: 'member.left',
      actor: { id: member.userId, email: member.email },
      subject: member.email,
    });

    // The owner cannot leave (transfer first): still the owner.
    const ownerLeaves = await auth(owner, 'leave', { organizationId: team.id });
    expect(ownerLeaves.statusCode).toBe(400);
    expect((await membership(team.id, owner))?.role).toBe('owner');
  });

  it('a declined invitation can no longer be accepted', async () => {
    const owner = await person('Owner');
    const team = await createTeam(owner);
    const invitee = await person('Invitee');
    const invited = await auth(owner, 'invite-member', {
      email: invitee.email,
      role: 'member',
      organizationId: team.id,
    });
    expect(invited.statusCode).toBe(200);
    const id = (await invitationLinkFor(invitee.email)).searchParams.get('id');

    const rejected = await auth(invitee, 'reject-invitation', { invitationId: id });
    expect(rejected.statusCode).toBe(200);
    expect((await invitationRow(String(id)))?.status).toBe('rejected');
    const accepted = await auth(invitee, 'accept-invitation', { invitationId: id });
    expect(accepted.statusCode).toBe(400);
    expect(accepted.json()).toMatchObject({ ok: false });
    expect(await membership(team.id, invitee)).toBeUndefined();
    const listed = await call(bed.app, 'GET', '/api/auth/organization/list-user-invitations', {
      cookie: invitee.cookie,
    });
    expect(listed.json().filter((each: { status: string }) => each.status === 'pending')).toEqual(
      [],
    );
  });

  it('a resend mails the same link again and restarts its 7 days; the first mail’s link still works', async () => {
    const owner = await person('Owner');
    const team = await createTeam(owner);
    const invitee = await person('Invitee');
    const invite = (resend: boolean) =>
      auth(owner, 'invite-member', {
        email: invitee.email,
        role: 'member',
        organizationId: team.id,
        ...(resend ? { resend: true } : {}),
      });
    expect((await invite(false)).statusCode).toBe(200);
    const first = await invitationLinkFor(invitee.email);
    const id = String(first.searchParams.get('id'));

    // Without `resend` a second invitation of the same address is refused; nothing is mailed.
    const again = await invite(false);
    expect(again.statusCode).toBe(400);
    expect(invitationMails(invitee.email)).toHaveLength(1);

    // Five days later the owner resends: a second mail, the same invitation, valid 7 days again.
    await bed.database.db.execute(
      sql`update invitations set expires_at = now() + interval '2 days' where id = ${id}`,
    );
    const resent = await invite(true);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().id).toBe(id);
    const second = await invitationLinkFor(invitee.email, 2);
    expect(second.href).toBe(first.href);
    const expires = new Date((await invitationRow(id))?.expires_at ?? 0).getTime();
    expect(expires - Date.now()).toBeGreaterThan(6.9 * DAY_MS);
    expect(expires - Date.now()).toBeLessThanOrEqual(7 * DAY_MS);

    // The trail says who resent it; the refused second invitation wrote nothing.
    const actions = (await trail(owner, team.id)).map((each) => each.action);
    expect(actions.filter((action) => action === 'member.invited')).toHaveLength(1);
    expect((await trail(owner, team.id))[0]).toMatchObject({
      action: 'invitation.resent',
      actor: { id: owner.userId },
      subject: invitee.email,
    });

    const accepted = await auth(invitee, 'accept-invitation', {
      invitationId: first.searchParams.get('id'),
    });
    expect(accepted.statusCode).toBe(200);
    expect((await membership(team.id, invitee))?.role).toBe('member');
    // A resend of an invitation that is no longer pending is a new invitation, not a resend.
    const other = await person('Other');
    const fresh = await auth(owner, 'invite-member', {
      email: other.email,
      role: 'member',
      organizationId: team.id,
      resend: true,
    });
    expect(fresh.statusCode).toBe(200);
    expect((await trail(owner, team.id))[0]).toMatchObject({
      action: 'member.invited',
      subject: other.email,
    });
  });

  it('the team watches of a member who leaves or is removed pass to the owner, and keep running', async () => {
    const owner = await person('Owner');
    const team = await createTeam(owner);
    const leaver = await join(team, owner, 'member');
    const removed = await join(team, owner, 'admin');
    const watchOf = async (who: Person, path: string) => {
      expect((await setActive(who, team.id)).statusCode).toBe(200);
      const created = await call(bed.app, 'POST', '/api/watches', {
        cookie: who.cookie,
        payload: { url: bed.site.url(path), kind: 'page', frequency: 'daily' },
      });
      expect(created.statusCode).toBe(201);
      return created.json().watch.id as string;
    };
    const leaversWatch = await watchOf(leaver, '/?leaver');
    const removedsWatch = await watchOf(removed, '/?removed');
    // The leaver's own Personal watch stays theirs.
    expect((await setActive(leaver, null)).statusCode).toBe(200);
    const personal = await call(bed.app, 'POST', '/api/watches', {
      cookie: leaver.cookie,
      payload: { url: bed.site.url('/?personal'), kind: 'page', frequency: 'daily' },
    });
    expect(personal.statusCode).toBe(201);

    expect((await auth(leaver, 'leave', { organizationId: team.id })).statusCode).toBe(200);
    const removal = await auth(owner, 'remove-member', {
      memberIdOrEmail: removed.email,
      organizationId: team.id,
    });
    expect(removal.statusCode).toBe(200);

    const makers = await queryRows<{ id: string; user_id: string; team_id: string | null }>(
      bed.database.db,
      sql`select id, user_id, team_id from watches
           where id in (${leaversWatch}, ${removedsWatch}, ${personal.json().watch.id})`,
    );
    const makerOf = (id: string) => makers.find((row) => row.id === id)?.user_id;
    expect(makerOf(leaversWatch)).toBe(owner.userId);
    expect(makerOf(removedsWatch)).toBe(owner.userId);
    expect(makerOf(personal.json().watch.id)).toBe(leaver.userId);

    // Their next slot makes a report in the team (without the hand-over it passed with none).
    await bed.database.db.execute(
      sql`update watches set next_run_at = next_run_at + interval '30 days'
           where id not in (${leaversWatch}, ${removedsWatch})`,
    );
    const [due] = await queryRows<{ at: Date | string }>(
      bed.database.db,
      sql`select max(next_run_at) as at from watches
           where id in (${leaversWatch}, ${removedsWatch})`,
    );
    const now = new Date(new Date(due!.at).getTime() + 60_000);
    expect(await bed.app.services.monitor.startDueRuns(now)).toBe(2);
    const runs = await queryRows<{ user_id: string; team_id: string }>(
      bed.database.db,
      sql`select r.user_id, r.team_id from watch_runs w join reports r on r.id = w.report_id
           where w.watch_id in (${leaversWatch}, ${removedsWatch})`,
    );
    expect(runs).toEqual([
      { user_id: owner.userId, team_id: team.id },
      { user_id: owner.userId, team_id: team.id },
    ]);
  });

  it('a cancelled invitation cannot be accepted; only an owner or admin cancels; the trail says who', async () => {
    const owner = await person('Owner');
    const team = await createTeam(owner);
    const admin = await join(team, owner, 'admin');
    const member = await join(team, owner, 'member');
    const invitee = await person('Invitee');
    const invited = await auth(admin, 'invite-member', {
      email: invitee.email,
      role: 'member',
      organizationId: team.id,
    });
    expect(invited.statusCode).toBe(200);
    const link = await invitationLinkFor(invitee.email);
    const invitationId = link.searchParams.get('id');

    const byMember = await auth(member, 'cancel-invitation', { invitationId });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json()).toMatchObject({ ok: false, error: 'team_forbidden' });
    const byOutsider = await auth(invitee, 'cancel-invitation', { invitationId });
    expect(byOutsider.statusCode).toBe(404);
    expect(byOutsider.json()).toMatchObject({ ok: false, error: 'team_not_found' });
    expect((await invitationRow(String(invitationId)))?.status).toBe('pending');

    const cancelled = await auth(owner, 'cancel-invitation', { invitationId });
    expect(cancelled.statusCode).toBe(200);
    expect((await invitationRow(String(invitationId)))?.status).toBe('canceled');
    const accepted = await auth(invitee, 'accept-invitation', { invitationId });
    expect(accepted.statusCode).toBe(400);
    expect(await membership(team.id, invitee)).toBeUndefined();

    const [latest] = await trail(member, team.id);
    expect(latest).toMatchObject({
      action: 'invitation.cancelled',
      actor: { id: owner.userId },
      subject: invitee.email,
    });
  });

  it('the trail says who changed whose role, from what to what; only the owner changes roles', async () => {
    const owner = await person('Owner');
    const team = await createTeam(owner);
    const admin = await join(team, owner, 'admin');
    const member = await join(team, owner, 'member');
    const memberId = (await membership(team.id, member))?.id;

    const byAdmin = await auth(admin, 'update-member-role', {
      memberId,
      role: 'admin',
      organizationId: team.id,
    });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json()).toMatchObject({ ok: false, error: 'team_forbidden' });
    expect((await membership(team.id, member))?.role).toBe('member');

    const promoted = await auth(owner, 'update-member-role', {
      memberId,
      role: 'admin',
      organizationId: team.id,
    });
    expect(promoted.statusCode).toBe(200);
    const demoted = await auth(owner, 'update-member-role', {
      memberId,
      role: 'member',
      organizationId: team.id,
    });
    expect(demoted.statusCode).toBe(200);

    const [last, before] = await trail(member, team.id);
    expect(before).toMatchObject({
      action: 'member.role-changed',
      actor: { id: owner.userId, email: owner.email },
      subject: `${member.email}: member → admin`,
    });
    expect(last).toMatchObject({
      action: 'member.role-changed',
      actor: { id: owner.userId, email: owner.email },
      subject: `${member.email}: admin → member`,
    });
  });

  it('an admin can neither remove nor demote the owner', async () => {
    const owner = await person('Owner');
    const team = await createTeam(owner);
    const admin = await join(team, owner, 'admin');
    const ownerId = (await membership(team.id, owner))?.id;

    for (const memberIdOrEmail of [owner.email, owner.email.toUpperCase(), ownerId]) {
      const removed = await auth(admin, 'remove-member', {
        memberIdOrEmail,
        organizationId: team.id,
      });
      expect(removed.statusCode).toBe(403);
      expect(removed.json()).toMatchObject({
        ok: false,
        error: 'team_forbidden',
        message: 'The owner cannot be removed from the team.',
      });
    }
    for (const role of ['member', 'admin']) {
      const demoted = await auth(admin, 'update-member-role', {
        memberId: ownerId,
        role,
        organizationId: team.id,
      });
      expect(demoted.statusCode).toBe(403);
      expect(demoted.json()).toMatchObject({ ok: false, error: 'team_forbidden' });
    }
    expect((await membership(team.id, owner))?.role).toBe('owner');
    // Nor can the owner be removed by the owner (transfer the team first).
    const self = await auth(owner, 'remove-member', {
      memberIdOrEmail: owner.email,
      organizationId: team.id,
    });
    expect(self.statusCode).toBe(403);
    // The admin still removes a member.
    const member = await join(team, owner, 'member');
    const removed = await auth(admin, 'remove-member', {
      memberIdOrEmail: member.email,
      organizationId: team.id,
    });
    expect(removed.statusCode).toBe(200);
    const trailEntries = await trail(owner, team.id);
    expect(trailEntries[0]).toMatchObject({
      action: 'member.removed',
      actor: { id: admin.userId },
      subject: member.email,
    });
    expect(trailEntries.map((each) => each.action)).not.toContain('member.role-changed');
  });
});
