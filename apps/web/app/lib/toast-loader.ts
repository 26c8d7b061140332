/**
 * Sonner (the toast library) is about 10 KB gzipped, and most visits never show a toast, so it is
 * loaded on the first toast instead of with every page. Asking for it also tells the app shell's
 * Toaster to mount; Sonner replays toasts raised before its Toaster subscribed, so nothing is lost
 * while the chunk arrives.
 */
type Sonner = typeof import('sonner');

let requested = false;
const listeners = new Set<() => void>();

export function loadSonner(): Promise<Sonner> {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  return import('sonner');
}

export const toastRequests = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Whether any part of the app has asked for a toast yet. */
  get: (): boolean => requested,
  /** Prerendered HTML has no toasts. */
  getServerSnapshot: (): boolean => false,
};
