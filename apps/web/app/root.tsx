import { PUBLIC_ORIGIN_META } from '@crawlwise/shared/public-origin';
import { Fragment, type ReactNode, useContext, useEffect } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts } from 'react-router';
import appStylesheet from './app.css?url';
import { Container } from './components/ui/container.tsx';
import { Spinner } from './components/ui/spinner.tsx';
import { publicOrigin } from './config/public-origin.ts';
import { AccountControlIsland } from './features/auth/account-control.tsx';
import { AppShell } from './features/layout/app-shell.tsx';
import { useWorkspaceKey } from './features/teams/use-workspace-key.ts';
import { WorkspaceControl } from './features/teams/workspace-control.tsx';
import { markHydrated } from './islands/hydrated-mark.ts';
import { IslandRendererContext } from './islands/island.tsx';
import { ISLANDS_SCRIPT_PLACEHOLDER } from './islands/placeholder.ts';

export function Layout({ children }: { children: ReactNode }) {
  // A prerendered marketing page (entry.server.tsx gives only those the island renderer; the SPA
  // fallback keeps the router) loads its islands' script instead of the router's: it needs no
  // routes, no page code and no hydration of its static content (islands/island.tsx).
  const staticPage = useContext(IslandRendererContext) !== null;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* Where the browser reads the public origin the server wrote (config/public-origin.ts). */}
        <meta name={PUBLIC_ORIGIN_META} content={publicOrigin()} />
        {/*
          The one stylesheet, with a React precedence so React writes it into <head> before the
          scripts' module preloads: it is the only render-blocking file, and behind two dozen
          preloads on a phone's few connections it delayed the first paint.
        */}
        <link rel="stylesheet" href={appStylesheet} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {staticPage ? <script type="module" src={ISLANDS_SCRIPT_PLACEHOLDER} /> : <Scripts />}
      </body>
    </html>
  );
}

export default function App() {
  useEffect(markHydrated, []);
  // A switch of workspace remounts the screen, so it loads its data again for the new one.
  const workspaceKey = useWorkspaceKey();
  return (
    <AppShell account={<AccountControlIsland />} workspace={<WorkspaceControl />}>
      <Fragment key={workspaceKey}>
        <Outlet />
      </Fragment>
    </AppShell>
  );
}

/**
 * What the SPA fallback file shows (report, auth, profile…) until the app has loaded: the site's
 * own banner, header and footer around a loading view, so the page is the site from its first
 * paint (the banner was the largest thing the report screen painted, and it waited for every
 * script), and the app then fills in the middle.
 */
export function HydrateFallback() {
  return (
    <AppShell account={null}>
      <LoadingView />
    </AppShell>
  );
}

function LoadingView() {
  return (
    // The id lets the server's no-script report (/report?token=) take this loading view's place.
    <div
      id="app-loading"
      className="flex min-h-svh flex-col items-center justify-center gap-4 text-slate-600"
    >
      <Spinner className="size-8 text-brand-600" />
      <p>Loading Crawlwise...</p>
      <noscript>
        <p className="max-w-md px-4 text-center">
          This page needs JavaScript. Without it you can still run a check from{' '}
          <a href="/run-a-test" className="text-brand-700 underline">
            the test page
          </a>
          .
        </p>
      </noscript>
    </div>
  );
}

/** Last resort when a screen throws: keep the site chrome and say what happened. */
export function ErrorBoundary({ error }: { error: unknown }) {
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : 'Something went wrong while showing this page.';
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <AppShell account={null}>
      <Container className="py-24 text-center">
        <h1 className="text-3xl font-bold">Something Went Wrong</h1>
        <p className="mt-3 text-slate-600">{message}</p>
        <a href="/" className="mt-6 inline-block font-medium text-brand-700 underline">
          Return to Home
        </a>
      </Container>
    </AppShell>
  );
}
