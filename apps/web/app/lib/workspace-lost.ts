/**
 * "The active team is gone for this account": a workspace route answered `team_not_found`
 * because the member was removed, or the team deleted, since the session chose it
 * (docs/teams.md › Workspace resolution). The API client announces it; the workspace switcher
 * answers by switching the session back to Personal, so the screen reloads with the account's own
 * data instead of showing the error on every request.
 */

const listeners = new Set<() => void>();
/**
 * Announced before anyone listened: the switcher is a lazily loaded chunk, and a screen's first
 * request can be refused before it is mounted. The first listener then hears it.
 */
let unheard = false;

export function onWorkspaceLost(listener: () => void): () => void {
  listeners.add(listener);
  if (unheard) {
    unheard = false;
    queueMicrotask(listener);
  }
  return () => listeners.delete(listener);
}

export function announceWorkspaceLost(): void {
  if (listeners.size === 0) unheard = true;
  for (const listener of listeners) listener();
}

/**
 * Whether an answer means the active team is gone: `team_not_found` from a workspace route. The
 * team screens' own routes (a team page opened by address, Better Auth's organization calls)
 * answer it for the team asked about, which is not the active workspace's fault.
 */
export function losesWorkspace(path: string, code: string): boolean {
  return (
    code === 'team_not_found' && !path.startsWith('/api/teams/') && !path.startsWith('/api/auth/')
  );
}
