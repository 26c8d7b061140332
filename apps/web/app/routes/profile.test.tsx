import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../features/auth/session-store.ts';
import { fakeApi, USER } from '../test/fake-api.ts';
import { renderRoute } from '../test/render.tsx';
import ProfileRoute from './profile.tsx';

beforeEach(() => sessionStore.reset());

const everythingEmpty = {
  'GET /api/me/reports?offset=0': { ok: true, reports: [], total: 0, offset: 0 },
  'GET /api/site-checks': { ok: true, siteChecks: [] },
  'GET /api/watches': { ok: true, watches: [] },
};

describe('/profile', () => {
  it('sends a visitor who never signed in to /auth', async () => {
    fakeApi({ 'GET /api/auth/get-session': null, ...everythingEmpty });
    sessionStore.ensureLoaded();
    renderRoute(<ProfileRoute />, { path: '/profile' });
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/auth$/);
  });

  it('sends a visitor who signs out here home, not to /auth (issue 27)', async () => {
    fakeApi({ 'GET /api/auth/get-session': { user: USER }, ...everythingEmpty });
    await sessionStore.refresh();
    renderRoute(<ProfileRoute />, { path: '/profile' });
    await screen.findByRole('heading', { name: 'My Profile' });
    act(() => sessionStore.signedOut());
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
