import { fetchSession, type SessionUser } from './api/session.ts';

/**
 * Who is using the app (spec point 4): loading until the first session answer, then signed in or
 * signed out. The session itself is an httpOnly cookie the server keeps fresh; this store only
 * remembers its answer so every component (header, /auth, /profile, report) sees the same state,
 * and asks again after anything that changes it (sign-in, sign-out, profile changes).
 */

export type AuthState =
  | { status: 'loading' }
  /** `left`: the visitor signed out (or deleted the account) here, rather than never signed in. */
  | { status: 'signed-out'; left?: true }
  /** `activeTeamId`: the workspace the account works in (a team's id), null for Personal. */
  | { status: 'signed-in'; user: SessionUser; activeTeamId: string | null };

const LOADING: AuthState = { status: 'loading' };
const SIGNED_OUT: AuthState = { status: 'signed-out' };

let state: AuthState = LOADING;
let inFlight: Promise<void> | null = null;
const listeners = new Set<() => void>();

function set(next: AuthState) {
  state = next;
  for (const listener of listeners) listener();
}

export const sessionStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: (): AuthState => state,
  /** What prerendered HTML shows: the session is unknown at build time. */
  getServerSnapshot: (): AuthState => LOADING,
  /** Asks the server again; concurrent callers share one request. */
  refresh(): Promise<void> {
    inFlight ??= fetchSession()
      .then((session) => set(session ? { status: 'signed-in', ...session } : SIGNED_OUT))
      // Unreachable server: treat as signed out rather than loading forever.
      .catch(() => set(SIGNED_OUT))
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  },
  /** The first answer, asked once per page load. */
  ensureLoaded(): void {
    if (state.status === 'loading' && !inFlight) void this.refresh();
  },
  /**
   * The visitor signed out or deleted the account here: screens for signed-in visitors then send
   * them home, not to /auth (issue 27).
   */
  signedOut(): void {
    set({ status: 'signed-out', left: true });
  },
  /** Tests start from a fresh page load. */
  reset(): void {
    inFlight = null;
    state = LOADING;
  },
};
