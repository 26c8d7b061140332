import { lazy, Suspense } from 'react';
import { useAuth } from '../auth/index.ts';

const WorkspaceSwitcher = lazy(() => import('./workspace-switcher.tsx'));

/**
 * The header's workspace switcher slot (issue 21): nothing until someone is signed in, then the
 * switcher, its own chunk. It is not an island: prerendered marketing pages render it empty and
 * never load it; the app's screens show it.
 */
export function WorkspaceControl() {
  const auth = useAuth();
  if (auth.status !== 'signed-in') return null;
  return (
    <Suspense fallback={null}>
      <WorkspaceSwitcher userId={auth.user.id} activeTeamId={auth.activeTeamId} />
    </Suspense>
  );
}
