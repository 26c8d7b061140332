import { AUTH_MESSAGES } from '@crawlwise/shared/account-messages';
import type { TeamRole } from '@crawlwise/shared/api/teams';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, USER } from '../../test/fake-api.ts';
import { jsonResponse, renderRoute } from '../../test/render.tsx';
import { sessionStore } from '../auth/index.ts';
import { TeamScreen } from './team-screen.tsx';

const TEAM_ID = 'org-1';

function member(id: string, role: TeamRole, name: string, email: string) {
  return {
    id: `m-${id}`,
    userId: id,
    role,
    organizationId: TEAM_ID,
    createdAt: '2026-11-01T10:00:00.000Z',
    user: { id, name, email, image: null },
  };
}

const OWNER = member('user-owner', 'owner', 'Olga Owner', 'olga@example.com');
const ADMIN = member('user-admin', 'admin', 'Adam Admin', 'adam@example.com');
const MEMBER = member('user-member', 'member', 'Mia Member', 'mia@example.com');

const INVITATION = {
  id: 'inv-1',
  email: 'new@example.com',
  role: 'member',
  organizationId: TEAM_ID,
  inviterId: OWNER.userId,
  status: 'pending',
  expiresAt: '2099-12-03T10:00:00.000Z',
  createdAt: '2026-11-26T10:00:00.000Z',
};

const TEAM = {
  id: TEAM_ID,
  name: 'Acme',
  slug: 'acme',
  createdAt: '2026-11-01T10:00:00.000Z',
  members: [OWNER, ADMIN, MEMBER],
  invitations: [
    INVITATION,
    { ...INVITATION, id: 'inv-2', email: 'late@example.com', expiresAt: '2020-01-01T00:00:00Z' },
    { ...INVITATION, id: 'inv-3', email: 'gone@example.com', status: 'canceled' },
  ],
};

const ACTIVITY = {
  ok: true,
  activity: [
    {
      id: 'a-1',
      at: '2026-11-26T09:00:00.000Z',
      actor: { id: MEMBER.userId, name: 'Mia Member', email: 'mia@example.com' },
      action: 'report.created',
      subject: 'https://acme.example/',
      href: '/report?token=tok1',
    },
    {
      id: 'a-2',
      at: '2026-11-25T09:00:00.000Z',
      actor: null,
      action: 'member.invited',
      subject: 'new@example.com',
      href: null,
    },
  ],
};

function routes(extra: Record<string, unknown> = {}) {
  return fakeApi({
    'GET /api/auth/get-session': { user: USER },
    'GET /api/auth/organization/get-full-organization': TEAM,
    [`GET /api/teams/${TEAM_ID}/activity`]: ACTIVITY,
    ...extra,
  });
}

function renderAs(who: typeof OWNER) {
  return renderRoute(<TeamScreen slug="acme" userId={who.userId} activeTeamId={TEAM_ID} />, {
    path: '/team',
    url: '/team?slug=acme',
  });
}

function row(email: string) {
  const rows = screen.getAllByTestId('member-row');
  const found = rows.find((each) => within(each).queryByText(email));
  if (!found) throw new Error(`no row for ${email}`);
  return within(found);
}

beforeEach(() => sessionStore.reset());

describe('TeamScreen', () => {
  it('owner: changes roles and removes others, never themselves; invites; transfers; deletes', async () => {
    const api = routes();
    renderAs(OWNER);
    expect(await screen.findByRole('heading', { name: 'Acme' })).toBeInTheDocument();
    expect(screen.getByText('Your role: Owner')).toBeInTheDocument();
    expect(row('olga@example.com').queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(row('olga@example.com').queryByRole('combobox')).toBeNull();
    expect(row('adam@example.com').getByLabelText('Role of adam@example.com')).toHaveValue('admin');
    expect(
      row('mia@example.com').getByRole('button', { name: 'Remove mia@example.com from the team' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Invite someone' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Transfer ownership' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Delete the team' })).toBeInTheDocument();
    // The request asked for the team by its address.
    expect(api.calls[0]?.url).toBe(
      '/api/auth/organization/get-full-organization?organizationSlug=acme',
    );
  });

  it('owner: a role change and a removal go to the plugin with the membership id', async () => {
    const api = routes({
      'POST /api/auth/organization/update-member-role': { ...MEMBER, role: 'admin' },
      'POST /api/auth/organization/remove-member': { member: ADMIN },
    });
    const user = userEvent.setup();
    renderAs(OWNER);
    await screen.findByRole('heading', { name: 'Acme' });
    await user.selectOptions(
      row('mia@example.com').getByLabelText('Role of mia@example.com'),
      'admin',
    );
    await user.click(
      row('adam@example.com').getByRole('button', {
        name: 'Remove adam@example.com from the team',
      }),
    );
    expect(await screen.findByText('Member removed')).toBeInTheDocument();
    const posts = api.calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => [call.url, call.body])).toEqual([
      [
        '/api/auth/organization/update-member-role',
        { memberId: MEMBER.id, role: 'admin', organizationId: TEAM_ID },
      ],
      [
        '/api/auth/organization/remove-member',
        { memberIdOrEmail: ADMIN.id, organizationId: TEAM_ID },
      ],
    ]);
  });

  it('admin: invites and removes members, but not the owner; no role changes, transfer or delete', async () => {
    routes();
    renderAs(ADMIN);
    await screen.findByRole('heading', { name: 'Acme' });
    expect(row('olga@example.com').queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(row('adam@example.com').queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(row('mia@example.com').getByRole('button', { name: /Remove/ })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /Role of/ })).toBeNull();
    expect(screen.getByRole('form', { name: 'Invite someone' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Transfer ownership' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Delete the team' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Leave Acme' })).toBeInTheDocument();
  });

  it('member: sees members and activity, may only leave', async () => {
    routes();
    renderAs(MEMBER);
    await screen.findByRole('heading', { name: 'Acme' });
    expect(screen.queryAllByRole('button', { name: /Remove/ })).toHaveLength(0);
    expect(screen.queryByRole('form', { name: 'Invite someone' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Invitations' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Delete the team' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Leave Acme' })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('activity-row');
    expect(rows[0]).toHaveTextContent('Mia Member ran a report of https://acme.example/');
    expect(within(rows[0] as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      '/report?token=tok1',
    );
    expect(rows[1]).toHaveTextContent('A deleted account invited new@example.com');
    expect(within(rows[1] as HTMLElement).queryByRole('link')).toBeNull();
  });

  it('lists open invitations with their expiry; resend and cancel', async () => {
    const api = routes({
      'POST /api/auth/organization/invite-member': INVITATION,
      'POST /api/auth/organization/cancel-invitation': { ...INVITATION, status: 'canceled' },
    });
    const user = userEvent.setup();
    renderAs(OWNER);
    const rows = await screen.findAllByTestId('invitation-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent(/new@example\.com.*Valid until/);
    expect(rows[1]).toHaveTextContent(/late@example\.com.*Expired/);
    await user.click(
      screen.getByRole('button', { name: 'Resend the invitation to late@example.com' }),
    );
    await user.click(
      screen.getByRole('button', { name: 'Cancel the invitation to new@example.com' }),
    );
    expect(await screen.findByText('Invitation cancelled')).toBeInTheDocument();
    const posts = api.calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.body)).toEqual([
      { email: 'late@example.com', role: 'member', organizationId: TEAM_ID, resend: true },
      { invitationId: 'inv-1' },
    ]);
  });

  it('invites by email and role, and shows a refusal next to the form', async () => {
    const api = routes({
      'POST /api/auth/organization/invite-member': ({ body }: { body: { email: string } }) =>
        body.email === 'mia@example.com'
          ? jsonResponse({ code: 'USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION' }, 400)
          : jsonResponse(INVITATION),
    });
    const user = userEvent.setup();
    renderAs(OWNER);
    const form = await screen.findByRole('form', { name: 'Invite someone' });
    const email = within(form).getByLabelText('Email address');
    await user.type(email, 'not-an-address');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(within(form).getByText(AUTH_MESSAGES.invalidEmail)).toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'mia@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'This person is already a member of the team.',
    );
    await user.clear(email);
    await user.type(email, 'new@example.com');
    await user.selectOptions(within(form).getByLabelText('Role'), 'admin');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({
      email: 'new@example.com',
      role: 'admin',
      organizationId: TEAM_ID,
    });
  });

  it('deletes the team only once its name is typed', async () => {
    const api = routes({
      'POST /api/auth/organization/delete': TEAM,
      'POST /api/auth/organization/set-active': null,
    });
    const user = userEvent.setup();
    renderAs(OWNER);
    await screen.findByRole('heading', { name: 'Acme' });
    const button = screen.getByRole('button', { name: 'Delete Acme' });
    expect(button).toBeDisabled();
    const confirm = screen.getByLabelText("Type the team's name (Acme) to confirm");
    await user.type(confirm, 'Acm');
    expect(button).toBeDisabled();
    await user.type(confirm, 'e');
    await user.click(button);
    expect(await screen.findByTestId('location')).toHaveTextContent('/teams');
    expect(api.calls.find((call) => call.url.endsWith('/delete'))?.body).toEqual({
      organizationId: TEAM_ID,
    });
  });

  it('transfers the ownership to the chosen member', async () => {
    const api = routes({
      [`POST /api/teams/${TEAM_ID}/transfer-ownership`]: { ok: true },
    });
    const user = userEvent.setup();
    renderAs(OWNER);
    await screen.findByRole('heading', { name: 'Acme' });
    const button = screen.getByRole('button', { name: 'Transfer ownership' });
    expect(button).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('New owner'), MEMBER.userId);
    await user.click(button);
    expect(await screen.findByText('Ownership transferred')).toBeInTheDocument();
    expect(api.calls.find((call) => call.url.endsWith('/transfer-ownership'))?.body).toEqual({
      userId: MEMBER.userId,
    });
  });

  it("says the team is not the account's when the plugin refuses it", async () => {
    fakeApi({
      'GET /api/auth/organization/get-full-organization': () =>
        jsonResponse({ code: 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION', message: 'x' }, 403),
    });
    renderAs(OWNER);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error: Team Not Found');
    expect(within(alert).getByRole('link', { name: 'Back to your teams' })).toHaveAttribute(
      'href',
      '/teams',
    );
  });
});
