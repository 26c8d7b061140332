/** The auth feature's public surface: the session other features read. */
export { sessionStore } from './session-store.ts';
export { avatarSrc, initial, useAuth } from './use-auth.ts';
