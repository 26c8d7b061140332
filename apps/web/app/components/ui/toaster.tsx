import { AUTH_MESSAGES } from '@crawlwise/shared/account-messages';
import { EMAIL_CONFIRMED_PARAM } from '@crawlwise/shared/routes';
import { type CSSProperties, lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { Island } from '../../islands/island.tsx';
import { notifySuccess } from '../../lib/notify.ts';
import { toastRequests } from '../../lib/toast-loader.ts';

const SonnerToaster = lazy(() => import('sonner').then((sonner) => ({ default: sonner.Toaster })));

/**
 * Sonner's rich colours put its error red (hsl 360 100% 45%) on a pale red: 4.34:1, under the
 * 4.5:1 that normal-size text needs. The same hues a shade darker pass with room to spare
 * (each ≥ 7:1 on its background).
 */
const READABLE_COLOURS = {
  '--error-text': '#991b1b',
  '--success-text': '#166534',
  '--warning-text': '#92400e',
  '--info-text': '#1e40af',
} as CSSProperties;

/**
 * Toasts sit at the bottom centre: at the top they covered the header's Sign In and menu, and the
 * bottom-right corner belongs to the back-to-top button. At most three are shown at once, stacked
 * (hover or focus spreads them), each with a close button. Nothing is mounted, and Sonner is not
 * loaded, until the app first asks for a toast (lib/toast-loader.ts).
 */
export function Toaster() {
  useEffect(sayWhenEmailConfirmed, []);
  const requested = useSyncExternalStore(
    toastRequests.subscribe,
    toastRequests.get,
    toastRequests.getServerSnapshot,
  );
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster
        position="bottom-center"
        richColors
        closeButton
        visibleToasts={3}
        style={READABLE_COLOURS}
      />
    </Suspense>
  );
}

/**
 * The confirmation mail's link lands on the page the visitor signed up from, flagged
 * (emailConfirmedLanding): say it worked, once, and take the flag out of the address. A link that
 * failed (expired) lands with Better Auth's `error` instead and says nothing here.
 */
function sayWhenEmailConfirmed(): void {
  const url = new URL(window.location.href);
  if (url.searchParams.get(EMAIL_CONFIRMED_PARAM) !== '1') return;
  url.searchParams.delete(EMAIL_CONFIRMED_PARAM);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  if (!url.searchParams.has('error')) {
    notifySuccess(AUTH_MESSAGES.emailConfirmed, AUTH_MESSAGES.emailConfirmedDetail);
  }
}

export function ToasterIsland() {
  return <Island name="toaster" component={Toaster} props={{}} />;
}
