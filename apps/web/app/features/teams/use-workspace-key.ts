import { useState } from 'react';
import { useAuth } from '../auth/index.ts';

/**
 * A number that changes each time the signed-in account switches workspace (Personal or a
 * team). The app keys its screens with it, so a switch remounts the current screen and its
 * data (history, site checks, watches, comparisons) loads again for the new workspace, without
 * a page reload. Signing in, or the session's first answer, is not a switch.
 */
export function useWorkspaceKey(): number {
  const auth = useAuth();
  const active = auth.status === 'signed-in' ? (auth.activeTeamId ?? '') : null;
  const [seen, setSeen] = useState<{ active: string | null; key: number }>({ active, key: 0 });
  if (active !== null && active !== seen.active) {
    const next = { active, key: seen.active === null ? seen.key : seen.key + 1 };
    setSeen(next);
    return next.key;
  }
  return seen.key;
}
