/**
 * "The account's teams changed" (created, joined, left, deleted): the workspace switcher in the
 * header lists them and asks again when told, without a page reload.
 */
const listeners = new Set<() => void>();

export const teamsEvents = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  changed(): void {
    for (const listener of listeners) listener();
  },
};
