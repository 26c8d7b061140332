import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, USER } from '../../test/fake-api.ts';
import { jsonResponse, renderRoute } from '../../test/render.tsx';
import { sessionStore } from '../auth/index.ts';
import { TeamsScreen } from './teams-screen.tsx';

const TEAMS = [
  { id: 'org-1', name: 'Acme', slug: 'acme', createdAt: '2026-11-01T10:00:00.000Z' },
  { id: 'org-2', name: 'Globex', slug: 'globex', createdAt: '2026-11-02T10:00:00.000Z' },
];

const INVITATION = {
  id: 'inv-9',
  email: USER.email,
  role: 'member',
  organizationId: 'org-3',
  organizationName: 'Initech',
  inviterId: 'user-x',
  status: 'pending',
  expiresAt: '2099-12-03T10:00:00.000Z',
  createdAt: '2026-11-26T10:00:00.000Z',
};

beforeEach(() => sessionStore.reset());

describe('TeamsScreen', () => {
  it('lists the teams with the role in each, links to their pages', async () => {
    fakeApi({
      'GET /api/auth/organization/list': TEAMS,
      'GET /api/auth/organization/get-active-member-role?organizationId=org-1': { role: 'owner' },
      'GET /api/auth/organization/get-active-member-role?organizationId=org-2': { role: 'member' },
      'GET /api/auth/organization/list-user-invitations': [],
    });
    renderRoute(<TeamsScreen userId={USER.id} />);
    const acme = await screen.findByRole('link', { name: 'Acme' });
    expect(acme).toHaveAttribute('href', '/team?slug=acme');
    expect(acme.closest('li')).toHaveTextContent('Owner');
    expect(screen.getByRole('link', { name: 'Globex' }).closest('li')).toHaveTextContent('Member');
    expect(screen.queryByRole('heading', { name: 'Invitations for you' })).toBeNull();
    expect(screen.getByRole('form', { name: 'Create a team' })).toBeInTheDocument();
  });

  it('says so when there is no team yet; accepting an invitation lists the team', async () => {
    let teams: typeof TEAMS = [];
    let invitations = [INVITATION];
    const api = fakeApi({
      'GET /api/auth/organization/list': () => jsonResponse(teams),
      'GET /api/auth/organization/get-active-member-role': { role: 'member' },
      'GET /api/auth/organization/list-user-invitations': () => jsonResponse(invitations),
      'POST /api/auth/organization/accept-invitation': () => {
        teams = [{ id: 'org-3', name: 'Initech', slug: 'initech', createdAt: '2026-11-26' }];
        invitations = [];
        return jsonResponse({ invitation: INVITATION, member: {} });
      },
      'GET /api/auth/get-session': { user: USER, session: { activeOrganizationId: 'org-3' } },
    });
    const user = userEvent.setup();
    renderRoute(<TeamsScreen userId={USER.id} />);
    expect(await screen.findByText(/You are not in a team yet/)).toBeInTheDocument();
    const invitation = await screen.findByRole('heading', { name: 'Invitations for you' });
    const card = within(invitation.parentElement as HTMLElement);
    expect(card.getByText(/invites you as member/)).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Accept the invitation to Initech' }));
    expect(await screen.findByRole('link', { name: 'Initech' })).toHaveAttribute(
      'href',
      '/team?slug=initech',
    );
    expect(screen.queryByRole('heading', { name: 'Invitations for you' })).toBeNull();
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      invitationId: 'inv-9',
    });
  });
});
