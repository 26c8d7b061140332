/**
 * Who is using the app. Accounts (sign-up, sign-in, sessions) are a later piece of work, so for
 * now everyone is signed out: the header shows the Sign In button and /profile sends people to
 * /auth. When accounts arrive, this hook reads the session and adds 'loading' and 'signed-in'.
 */
export type AuthState = { status: 'loading' } | { status: 'signed-out' };

const SIGNED_OUT: AuthState = { status: 'signed-out' };

export function useAuth(): AuthState {
  return SIGNED_OUT;
}
