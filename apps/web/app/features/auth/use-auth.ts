import { useEffect, useSyncExternalStore } from 'react';
import { type AuthState, sessionStore } from './session-store.ts';

export type { AuthState } from './session-store.ts';

/** The session state; the first component that asks starts the session check. */
export function useAuth(): AuthState {
  const state = useSyncExternalStore(
    sessionStore.subscribe,
    sessionStore.get,
    sessionStore.getServerSnapshot,
  );
  useEffect(() => sessionStore.ensureLoaded(), []);
  return state;
}

/** The name the header shows: the full name, or the email when there is none (spec point 2). */
export function displayName(user: { name?: string | null; email: string }): string {
  return user.name?.trim() ? user.name.trim() : user.email;
}

/** The avatar fallback: the upper-case first letter of the email. */
export function initial(user: { email: string }): string {
  return (user.email.trim()[0] ?? '?').toUpperCase();
}

/**
 * A picture address the app can show: only pictures served by this site (uploads), since the
 * page's content security policy blocks any other origin.
 */
export function avatarSrc(image: string | null | undefined): string | null {
  return image?.startsWith('/api/avatars/') ? image : null;
}
