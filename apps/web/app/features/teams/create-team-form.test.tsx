import { TEAM_SLUG_MIN } from '@crawlwise/shared/api/teams';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api.ts';
import { jsonResponse, renderRoute } from '../../test/render.tsx';
import { CreateTeamForm } from './create-team-form.tsx';

const TEAM = { id: 'org-1', name: 'Acme Web Team', slug: 'acme-web-team', createdAt: '2026-11-26' };

describe('CreateTeamForm', () => {
  it('suggests the address from the name until the address is edited', async () => {
    fakeApi({});
    const user = userEvent.setup();
    renderRoute(<CreateTeamForm onCreated={() => {}} />);
    const name = screen.getByLabelText('Team name');
    const slug = screen.getByLabelText('Team address');
    await user.type(name, 'Acme Web Team');
    expect(slug).toHaveValue('acme-web-team');
    await user.clear(slug);
    await user.type(slug, 'acme');
    await user.type(name, 's');
    expect(slug).toHaveValue('acme');
  });

  it("shows the shared rules' messages on the fields and sends nothing", async () => {
    const api = fakeApi({});
    const user = userEvent.setup();
    renderRoute(<CreateTeamForm onCreated={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Create team' }));
    expect(screen.getByText('Please enter a team name.')).toBeInTheDocument();
    expect(
      screen.getByText(`A team address has at least ${TEAM_SLUG_MIN} characters.`),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Team name'), 'Acme');
    const slug = screen.getByLabelText('Team address');
    await user.clear(slug);
    await user.type(slug, '-acme');
    expect(
      screen.getByText('Use lower-case letters, digits and hyphens (not at the start or end).'),
    ).toBeInTheDocument();
    expect(slug).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Create team' }));
    expect(api.calls).toHaveLength(0);
  });

  it.each([
    ['the catalogue code', { error: 'team_slug_taken', message: 'taken' }],
    ["the plugin's code", { code: 'ORGANIZATION_SLUG_ALREADY_TAKEN', message: 'slug taken' }],
  ])('says on the address field that the address is taken (%s)', async (_, answer) => {
    fakeApi({ 'POST /api/auth/organization/create': () => jsonResponse(answer, 400) });
    const onCreated = vi.fn();
    const user = userEvent.setup();
    renderRoute(<CreateTeamForm onCreated={onCreated} />);
    await user.type(screen.getByLabelText('Team name'), 'Acme Web Team');
    await user.click(screen.getByRole('button', { name: 'Create team' }));
    const slug = screen.getByLabelText('Team address');
    expect(
      await screen.findByText('Another team already uses this address. Choose another one.'),
    ).toBeInTheDocument();
    expect(slug).toHaveAttribute('aria-invalid', 'true');
    expect(onCreated).not.toHaveBeenCalled();
    await user.type(slug, '-2');
    expect(
      screen.queryByText('Another team already uses this address. Choose another one.'),
    ).not.toBeInTheDocument();
  });

  it('creates the team with the trimmed name and the address', async () => {
    const api = fakeApi({ 'POST /api/auth/organization/create': TEAM });
    const onCreated = vi.fn();
    const user = userEvent.setup();
    renderRoute(<CreateTeamForm onCreated={onCreated} />);
    await user.type(screen.getByLabelText('Team name'), '  Acme Web Team ');
    await user.click(screen.getByRole('button', { name: 'Create team' }));
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledWith(TEAM));
    expect(api.calls[0]?.body).toEqual({ name: 'Acme Web Team', slug: 'acme-web-team' });
  });
});
