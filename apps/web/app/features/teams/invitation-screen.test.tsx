import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, USER } from '../../test/fake-api.ts';
import { jsonResponse, renderRoute } from '../../test/render.tsx';
import { sessionStore } from '../auth/index.ts';
import { InvitationScreen, InvitationSignedOut } from './invitation-screen.tsx';

const DETAILS = {
  id: 'inv-1',
  email: USER.email,
  role: 'admin',
  organizationId: 'org-1',
  inviterId: 'user-owner',
  status: 'pending',
  expiresAt: '2099-12-03T10:00:00.000Z',
  organizationName: 'Acme',
  organizationSlug: 'acme',
  inviterEmail: 'olga@example.com',
};

const GET = 'GET /api/auth/organization/get-invitation';

beforeEach(() => sessionStore.reset());

function renderScreen() {
  return renderRoute(<InvitationScreen id="inv-1" userId={USER.id} />, {
    path: '/invitation',
    url: '/invitation?id=inv-1',
  });
}

describe('Invitation screen', () => {
  it('signed out: sign in or sign up, both coming back to the invitation', () => {
    renderRoute(<InvitationSignedOut id="inv-1" />);
    const back = `/auth?next=${encodeURIComponent('/invitation?id=inv-1')}`;
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', back);
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      `${back}&mode=sign-up`,
    );
  });

  it('shows the team, who invited and the role; Accept joins and opens the team page', async () => {
    const api = fakeApi({
      [GET]: DETAILS,
      'POST /api/auth/organization/accept-invitation': { invitation: DETAILS, member: {} },
      'GET /api/auth/get-session': { user: USER, session: { activeOrganizationId: 'org-1' } },
    });
    const user = userEvent.setup();
    renderScreen();
    expect(await screen.findByRole('heading', { name: 'Join Acme' })).toBeInTheDocument();
    expect(screen.getByText('olga@example.com')).toBeInTheDocument();
    expect(screen.getByText(/^Admin — /)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept and join' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/team?slug=acme');
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      invitationId: 'inv-1',
    });
    // The header's workspace follows: the session now works in the team.
    await waitFor(() =>
      expect(sessionStore.get()).toMatchObject({ status: 'signed-in', activeTeamId: 'org-1' }),
    );
  });

  it('Decline says so and stays out of the team', async () => {
    fakeApi({
      [GET]: DETAILS,
      'POST /api/auth/organization/reject-invitation': { invitation: DETAILS, member: null },
    });
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(await screen.findByRole('status')).toHaveTextContent('You did not join Acme.');
  });

  it.each([
    [
      'expired, cancelled or answered',
      jsonResponse({ code: 'INVITATION_NOT_FOUND', message: 'Invitation not found' }, 400),
      'This invitation is no longer valid',
    ],
    [
      'for another account',
      jsonResponse({ code: 'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION' }, 403),
      'This invitation is for another account',
    ],
    [
      'waiting for a confirmed email',
      jsonResponse({ code: 'EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION' }, 403),
      'Confirm your email address first',
    ],
    [
      'past its expiry though still pending',
      jsonResponse({ ...DETAILS, expiresAt: '2020-01-01T00:00:00.000Z' }),
      'This invitation is no longer valid',
    ],
  ])('an invitation %s gets a clear message and no buttons', async (_, answer, title) => {
    fakeApi({ [GET]: () => answer.clone() });
    renderScreen();
    expect(await screen.findByRole('alert')).toHaveTextContent(title);
    expect(screen.queryByRole('button', { name: 'Accept and join' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to your teams' })).toHaveAttribute(
      'href',
      '/teams',
    );
  });
});
