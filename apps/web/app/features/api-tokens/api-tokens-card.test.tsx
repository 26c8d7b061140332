import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api.ts';
import { jsonResponse, renderRoute } from '../../test/render.tsx';
import { ApiTokensCard } from './api-tokens-card.tsx';

const EXISTING = {
  id: '7a0c2f3e-1b4d-4e5f-8a9b-0c1d2e3f4a5b',
  name: 'Nightly crawl',
  scope: 'read',
  createdAt: '2026-11-20T09:00:00.000Z',
  lastUsedAt: null,
};
const CREATED = {
  id: '9b1d3f5a-2c4e-4f6a-8b0c-1d2e3f4a5b6c',
  name: 'Agent',
  scope: 'write',
  createdAt: '2026-11-25T09:00:00.000Z',
  lastUsedAt: null,
};
const SECRET = `cw_${'a'.repeat(43)}`;

describe('ApiTokensCard', () => {
  it('lists the tokens, creates one and shows its secret once, revokes one', async () => {
    const api = fakeApi({
      'GET /api/me/tokens': { ok: true, tokens: [EXISTING] },
      'POST /api/me/tokens': () => jsonResponse({ ok: true, token: CREATED, secret: SECRET }, 201),
      [`DELETE /api/me/tokens/${EXISTING.id}`]: { ok: true },
    });
    const user = userEvent.setup();
    renderRoute(<ApiTokensCard />);
    expect(await screen.findByText('Nightly crawl')).toBeInTheDocument();
    expect(screen.getByText(/Read only · created .* · never used/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('Name the token.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Token name'), 'Agent');
    await user.click(screen.getByLabelText('Read and write'));
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    const shown = await screen.findByRole('status');
    expect(within(shown).getByText(SECRET)).toBeInTheDocument();
    expect(within(shown).getByText(/it is not shown again/)).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Agent',
      scope: 'write',
    });
    expect(screen.getAllByTestId('token-row')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Revoke the token Nightly crawl' }));
    await screen.findByText('Token revoked');
    expect(screen.getAllByTestId('token-row')).toHaveLength(1);
  });

  it('says so when the tokens cannot be loaded', async () => {
    fakeApi({
      'GET /api/me/tokens': () => jsonResponse({ ok: false, error: 'internal_error' }, 500),
    });
    renderRoute(<ApiTokensCard />);
    expect(await screen.findByText(/could not be loaded/)).toBeInTheDocument();
  });
});
