import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, USER } from '../../test/fake-api.ts';
import { jsonResponse, renderRoute } from '../../test/render.tsx';
import { AccountControl } from './account-control.tsx';
import { sessionStore } from './session-store.ts';

beforeEach(() => sessionStore.reset());

/** The menu is a lazily loaded chunk: on a busy machine its first import takes over a second. */
const LAZY_CHUNK = { timeout: 10_000 };

describe('AccountControl (header)', () => {
  it('shows neither Sign In nor the menu while the session is loading', async () => {
    let answer: (response: Response) => void = () => {};
    fakeApi({
      'GET /api/auth/get-session': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderRoute(<AccountControl />);
    expect(screen.queryByText('Sign In')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    answer(jsonResponse(null));
    expect(await screen.findByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
  });

  it('signed in: the menu with the name, the initial, Profile and Sign Out', async () => {
    const api = fakeApi({
      'GET /api/auth/get-session': { user: USER },
      'POST /api/auth/sign-out': { success: true },
    });
    const user = userEvent.setup();
    renderRoute(<AccountControl />, { path: '/pricing' });
    const button = await screen.findByRole(
      'button',
      { name: 'Account menu for Ada Lovelace' },
      LAZY_CHUNK,
    );
    expect(button).toHaveTextContent('A');
    expect(button).toHaveTextContent('Ada Lovelace');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(screen.getByText('My Account')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(api.calls.map((call) => `${call.method} ${call.url}`)).toContain(
      'POST /api/auth/sign-out',
    );
    expect(sessionStore.get()).toEqual({ status: 'signed-out', left: true });
  });

  it('shows the email without a name, and the picture when there is one', async () => {
    fakeApi({
      'GET /api/auth/get-session': {
        user: { ...USER, name: '', email: 'zed@example.com', image: '/api/avatars/abc' },
      },
    });
    const { container } = renderRoute(<AccountControl />);
    const button = await screen.findByRole(
      'button',
      { name: 'Account menu for zed@example.com' },
      LAZY_CHUNK,
    );
    expect(container.querySelector('img')).toHaveAttribute('src', '/api/avatars/abc');
    expect(button).not.toHaveTextContent(/^Z/);
  });

  it('falls back to the upper-case initial of the email', async () => {
    fakeApi({
      'GET /api/auth/get-session': { user: { ...USER, name: '', email: 'zed@example.com' } },
    });
    const { container } = renderRoute(<AccountControl />);
    const button = await screen.findByRole('button', { name: /Account menu/ });
    expect(container.querySelector('img')).toBeNull();
    expect(button).toHaveTextContent('Z');
  });
});
