import { createPath, type Navigator, type To } from 'react-router';

/** The parts of `window` a document navigation uses (a parameter, so tests can watch them). */
export type NavigationWindow = {
  history: Pick<History, 'go' | 'pushState' | 'replaceState'>;
  location: Pick<Location, 'assign' | 'replace' | 'reload'>;
};

/**
 * How an island's links and `navigate()` calls leave the page. A prerendered marketing page has
 * no client router to change screens in, so every navigation loads the next address as a new
 * document — the server answers it like any first visit.
 *
 * Navigation state (the URL bar's "fresh submission" marker, lib/report-navigation.ts) is handed
 * over the way React Router's browser history keeps it: under `usr` in `history.state`. The entry
 * is written first and the address then loaded in it, so the next page's router starts with the
 * state, as after a client-side navigation.
 */
export function createDocumentNavigator(win: () => NavigationWindow): Navigator {
  const open = (to: To, state: unknown, mode: 'push' | 'replace') => {
    const { history, location } = win();
    const href = hrefOf(to);
    if (state === undefined || state === null) {
      if (mode === 'push') location.assign(href);
      else location.replace(href);
      return;
    }
    const entry = { usr: state, key: Math.random().toString(36).slice(2, 10), idx: 0 };
    if (mode === 'push') history.pushState(entry, '', href);
    else history.replaceState(entry, '', href);
    location.reload();
  };
  return {
    createHref: hrefOf,
    go: (delta) => win().history.go(delta),
    push: (to, state) => open(to, state, 'push'),
    replace: (to, state) => open(to, state, 'replace'),
  };
}

export const documentNavigator = createDocumentNavigator(() => window);

function hrefOf(to: To): string {
  return typeof to === 'string' ? to : createPath(to);
}
