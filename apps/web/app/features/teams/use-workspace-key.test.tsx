import { act, render, screen } from '@testing-library/react';
import { Fragment, useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, USER } from '../../test/fake-api.ts';
import { sessionStore } from '../auth/index.ts';
import { useWorkspaceKey } from './use-workspace-key.ts';

let mounts = 0;

/** Stands for a data screen: it loads (counts a mount) each time it is mounted. */
function Screen() {
  const [id] = useState(() => ++mounts);
  return <p data-testid="screen">{`mount ${id}`}</p>;
}

function App() {
  const key = useWorkspaceKey();
  return (
    <Fragment key={key}>
      <Screen />
    </Fragment>
  );
}

function session(active: string | null) {
  fakeApi({
    'GET /api/auth/get-session': { user: USER, session: { activeOrganizationId: active } },
  });
  return act(() => sessionStore.refresh());
}

beforeEach(() => {
  sessionStore.reset();
  mounts = 0;
});

describe('useWorkspaceKey', () => {
  it('remounts the screen on a switch of workspace, not on the first session answer', async () => {
    fakeApi({
      'GET /api/auth/get-session': { user: USER, session: { activeOrganizationId: null } },
    });
    render(<App />);
    await act(() => sessionStore.refresh());
    expect(screen.getByTestId('screen')).toHaveTextContent('mount 1');
    await session(null);
    expect(screen.getByTestId('screen')).toHaveTextContent('mount 1');
    await session('org-1');
    expect(screen.getByTestId('screen')).toHaveTextContent('mount 2');
    await session(null);
    expect(screen.getByTestId('screen')).toHaveTextContent('mount 3');
  });
});
