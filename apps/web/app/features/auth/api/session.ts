import type { AuthProvider } from '@crawlwise/shared/accounts';
import { emailConfirmedLanding } from '@crawlwise/shared/routes';
import { authRequest } from '../../../lib/auth-request.ts';

/** The signed-in user as Better Auth's get-session returns it. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  image: string | null;
  emailVerified: boolean;
  createdAt: string;
}

/**
 * Who is signed in, and the workspace they work in: the session's active team (Better Auth's
 * `activeOrganizationId`, issue 21), null for Personal.
 */
export async function fetchSession(): Promise<{
  user: SessionUser;
  activeTeamId: string | null;
} | null> {
  const result = await authRequest<{
    user?: SessionUser;
    session?: { activeOrganizationId?: string | null };
  } | null>('/api/auth/get-session');
  if (!result.ok) throw new Error(`session check failed (${result.status})`);
  const user = result.data?.user;
  if (!user) return null;
  return { user, activeTeamId: result.data?.session?.activeOrganizationId ?? null };
}

/**
 * `returnTo`: the page the visitor came from; a confirmation mail sent now (an unconfirmed
 * address signing in) leads back there.
 */
export function signInWithEmail(body: { email: string; password: string }, returnTo = '/') {
  return authRequest<{ user: SessionUser }>('/api/auth/sign-in/email', {
    body: { ...body, callbackURL: emailConfirmedLanding(returnTo) },
  });
}

/** The confirmation link of the mail leads back to `returnTo` (a report, say), saying it worked. */
export function signUpWithEmail(
  body: { name: string; email: string; password: string },
  returnTo = '/',
) {
  // token is null when the address must be confirmed first (no session yet).
  return authRequest<{ token: string | null; user: SessionUser }>('/api/auth/sign-up/email', {
    body: { ...body, callbackURL: emailConfirmedLanding(returnTo) },
  });
}

export function signOutEverywhere() {
  return authRequest<{ success: boolean }>('/api/auth/sign-out', { body: {} });
}

/** Starts a third-party sign-in: the provider's address to send the browser to. */
export function startProviderSignIn(provider: string, callbackURL: string) {
  return authRequest<{ url: string; redirect: boolean }>('/api/auth/sign-in/social', {
    body: {
      provider,
      callbackURL,
      errorCallbackURL: `/auth?provider=${encodeURIComponent(provider)}`,
    },
  });
}

export async function fetchProviders(): Promise<AuthProvider[]> {
  const result = await authRequest<{ providers: AuthProvider[] }>('/api/auth-providers');
  return result.ok ? result.data.providers : [];
}
