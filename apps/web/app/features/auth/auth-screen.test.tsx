import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, USER } from '../../test/fake-api.ts';
import { jsonResponse, renderRoute } from '../../test/render.tsx';
import { AuthScreen } from './auth-screen.tsx';
import { sessionStore } from './session-store.ts';

beforeEach(() => sessionStore.reset());

const signedOut = {
  'GET /api/auth/get-session': null,
  'GET /api/auth-providers': { providers: [] },
};

function setup(url = '/auth') {
  const user = userEvent.setup();
  renderRoute(<AuthScreen />, { path: '/auth', url });
  return user;
}

const location = () => screen.getByTestId('location');

/** The form's own Sign In button (the mode toggle has one too). */
const submitSignIn = () =>
  within(screen.getByRole('form', { name: 'Sign in' })).getByRole('button', { name: 'Sign In' });

describe('AuthScreen', () => {
  it('toggles between sign-in and sign-up; sign-up adds Full Name', async () => {
    fakeApi(signedOut);
    const user = setup();
    expect(screen.queryByLabelText('Full Name')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign Up', pressed: false }));
    expect(screen.getByLabelText('Full Name')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeInTheDocument();
  });

  it('shows the first validation message as a toast and calls nothing', async () => {
    const api = fakeApi(signedOut);
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Sign Up', pressed: false }));
    await user.type(screen.getByLabelText('Full Name'), 'A');
    await user.type(screen.getByLabelText('Email'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.queryByText('Invalid email address')).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Full Name'));
    await user.type(screen.getByLabelText('Full Name'), 'Ada');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('signs in, disables the buttons meanwhile, then goes to / with the spec’s toast', async () => {
    let answer: (response: Response) => void = () => {};
    let signedIn = false;
    fakeApi({
      ...signedOut,
      'GET /api/auth/get-session': () => jsonResponse(signedIn ? { user: USER } : null),
      'POST /api/auth/sign-in/email': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const user = setup();
    await user.type(screen.getByLabelText('Email'), ' ada@example.com ');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(submitSignIn());
    expect(submitSignIn()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeDisabled();
    signedIn = true;
    answer(jsonResponse({ user: USER }));
    await waitFor(() => expect(location()).toHaveTextContent(/^\/$/));
    expect(await screen.findByText('Signed in successfully!')).toBeInTheDocument();
  });

  it('shows the server’s refusal and stays', async () => {
    const api = fakeApi({
      ...signedOut,
      'POST /api/auth/sign-in/email': () =>
        jsonResponse(
          { ok: false, error: 'invalid_request', message: 'Invalid email or password' },
          401,
        ),
    });
    const user = setup();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(submitSignIn());
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(api.calls.at(-1)?.body).toEqual({
      email: 'ada@example.com',
      password: 'wrong-password',
      // A new confirmation link mailed on this sign-in (unconfirmed address) leads back here.
      callbackURL: '/?emailConfirmed=1',
    });
  });

  it('says a taken address is registered, and a dropped connection is unexpected', async () => {
    let calls = 0;
    fakeApi({
      ...signedOut,
      'POST /api/auth/sign-up/email': () => {
        calls += 1;
        if (calls === 1) {
          return jsonResponse(
            { ok: false, message: 'This email is already registered. Please sign in instead.' },
            422,
          );
        }
        throw new TypeError('Failed to fetch');
      },
    });
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Sign Up', pressed: false }));
    await user.type(screen.getByLabelText('Full Name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(
      await screen.findByText('This email is already registered. Please sign in instead.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('An unexpected error occurred')).toBeInTheDocument();
  });

  it('after sign-up with confirmation required, says to check the inbox and goes to /', async () => {
    fakeApi({
      ...signedOut,
      'POST /api/auth/sign-up/email': { token: null, user: { ...USER, emailVerified: false } },
    });
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Sign Up', pressed: false }));
    await user.type(screen.getByLabelText('Full Name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(location()).toHaveTextContent(/^\/$/));
    expect(await screen.findByText('Account created successfully!')).toBeInTheDocument();
    expect(screen.getByText(/Check your inbox/)).toBeInTheDocument();
  });

  it('goes back to the report that sent the visitor, and only to a report', async () => {
    let signedIn = false;
    fakeApi({
      ...signedOut,
      'GET /api/auth/get-session': () => jsonResponse(signedIn ? { user: USER } : null),
      'POST /api/auth/sign-in/email': () => {
        signedIn = true;
        return jsonResponse({ user: USER });
      },
    });
    const user = setup(`/auth?next=${encodeURIComponent('/report?token=abc123')}`);
    expect(screen.getByText('Sign in to see every issue of your report.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(submitSignIn());
    await waitFor(() => expect(location()).toHaveTextContent('/report?token=abc123'));
  });

  it('sends a signed-in visitor to /', async () => {
    fakeApi({ ...signedOut, 'GET /api/auth/get-session': { user: USER } });
    setup('/auth?next=https%3A%2F%2Fevil.example');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/$/));
  });

  it('shows a button per configured provider and starts its sign-in', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const api = fakeApi({
      ...signedOut,
      'GET /api/auth-providers': { providers: [{ id: 'oidc', name: 'Company SSO' }] },
      'POST /api/auth/sign-in/social': {
        url: 'https://sso.example/authorize?state=x',
        redirect: true,
      },
    });
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Continue with Company SSO' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://sso.example/authorize?state=x'),
    );
    expect(api.calls.at(-1)?.body).toEqual({
      provider: 'oidc',
      callbackURL: '/',
      errorCallbackURL: '/auth?provider=oidc',
    });
    expect(screen.queryByRole('button', { name: /Continue with Google/ })).not.toBeInTheDocument();
  });

  it('says which provider failed when its sign-in comes back with an error', async () => {
    fakeApi({
      ...signedOut,
      'GET /api/auth-providers': { providers: [{ id: 'google', name: 'Google' }] },
    });
    setup('/auth?provider=google&error=access_denied');
    expect(await screen.findByText('Failed to sign in with Google')).toBeInTheDocument();
  });
});
