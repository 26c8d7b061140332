import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiRequest } from '../../lib/api-client.ts';
import { fakeApi, USER } from '../../test/fake-api.ts';
import { renderRoute } from '../../test/render.tsx';
import { sessionStore } from '../auth/index.ts';
import { teamsEvents } from './teams-events.ts';
import { WorkspaceControl } from './workspace-control.tsx';

/** The switcher is a lazily loaded chunk: on a busy machine its first import takes a while. */
const LAZY_CHUNK = { timeout: 10_000 };

const TEAMS = [
  { id: 'org-1', name: 'Acme', slug: 'acme', createdAt: '2026-11-01T10:00:00.000Z' },
  { id: 'org-2', name: 'Globex', slug: 'globex', createdAt: '2026-11-02T10:00:00.000Z' },
];

beforeEach(() => sessionStore.reset());

describe('WorkspaceControl (header)', () => {
  it('is not there for a signed-out visitor', async () => {
    fakeApi({ 'GET /api/auth/get-session': null });
    await sessionStore.refresh();
    renderRoute(<WorkspaceControl />);
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('lists Personal, then each team, then Manage teams; switching sets the active team', async () => {
    let active: string | null = null;
    const api = fakeApi({
      'GET /api/auth/get-session': () =>
        new Response(JSON.stringify({ user: USER, session: { activeOrganizationId: active } })),
      'GET /api/auth/organization/list': TEAMS,
      'POST /api/auth/organization/set-active': ({
        body,
      }: {
        body: { organizationId: string };
      }) => {
        active = body.organizationId;
        return new Response(JSON.stringify(null));
      },
    });
    await sessionStore.refresh();
    const user = userEvent.setup();
    renderRoute(<WorkspaceControl />);
    const select = await screen.findByRole('combobox', { name: 'Workspace' }, LAZY_CHUNK);
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(4));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Personal',
      'Acme',
      'Globex',
      'Manage teams…',
    ]);
    expect(select).toHaveValue('personal');

    await user.selectOptions(select, 'org-2');
    await waitFor(() =>
      expect(sessionStore.get()).toMatchObject({ status: 'signed-in', activeTeamId: 'org-2' }),
    );
    expect(select).toHaveValue('org-2');
    await user.selectOptions(select, 'personal');
    await waitFor(() => expect(select).toHaveValue('personal'));
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { organizationId: 'org-2' },
      { organizationId: null },
    ]);
  });

  it('Manage teams opens /teams; a new team appears when the teams change', async () => {
    let teams = TEAMS.slice(0, 1);
    fakeApi({
      'GET /api/auth/get-session': { user: USER, session: { activeOrganizationId: null } },
      'GET /api/auth/organization/list': () => new Response(JSON.stringify(teams)),
    });
    await sessionStore.refresh();
    const user = userEvent.setup();
    renderRoute(<WorkspaceControl />);
    const select = await screen.findByRole('combobox', { name: 'Workspace' }, LAZY_CHUNK);
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    teams = TEAMS;
    teamsEvents.changed();
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(4));
    await user.selectOptions(select, 'manage-teams');
    expect(await screen.findByTestId('location')).toHaveTextContent('/teams');
  });

  it('goes back to Personal when a workspace route answers team_not_found (removed from the team)', async () => {
    let active: string | null = 'org-1';
    const api = fakeApi({
      'GET /api/auth/get-session': () =>
        new Response(JSON.stringify({ user: USER, session: { activeOrganizationId: active } })),
      'GET /api/auth/organization/list': TEAMS,
      'POST /api/auth/organization/set-active': ({
        body,
      }: {
        body: { organizationId: string | null };
      }) => {
        active = body.organizationId;
        return new Response(JSON.stringify(null));
      },
      'GET /api/me/reports': () =>
        new Response(JSON.stringify({ ok: false, error: 'team_not_found' }), { status: 404 }),
      'GET /api/teams/org-1/activity': () =>
        new Response(JSON.stringify({ ok: false, error: 'team_not_found' }), { status: 404 }),
    });
    await sessionStore.refresh();
    renderRoute(<WorkspaceControl />);
    const select = await screen.findByRole('combobox', { name: 'Workspace' }, LAZY_CHUNK);
    await waitFor(() => expect(select).toHaveValue('org-1'));

    // A team page's own route answering so is about that team, not the active workspace.
    await apiRequest('/api/teams/org-1/activity');
    expect(api.calls.some((call) => call.url.endsWith('/set-active'))).toBe(false);

    // Two workspace requests refused at once: one switch back to Personal.
    await Promise.all([apiRequest('/api/me/reports'), apiRequest('/api/me/reports')]);
    await waitFor(() =>
      expect(sessionStore.get()).toMatchObject({ status: 'signed-in', activeTeamId: null }),
    );
    await waitFor(() => expect(select).toHaveValue('personal'));
    expect(
      api.calls.filter((call) => call.url.endsWith('/set-active')).map((call) => call.body),
    ).toEqual([{ organizationId: null }]);
  });
});
