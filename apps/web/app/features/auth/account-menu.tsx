import { PATHS } from '@crawlwise/shared/routes';
import { ChevronDown, LogOut, UserRound } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { AppLink } from '../../components/app-link.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { notifyError } from '../../lib/notify.ts';
import { signOutEverywhere } from './api/session.ts';
import { sessionStore } from './session-store.ts';
import { avatarSrc, displayName, initial } from './use-auth.ts';

/**
 * The signed-in visitor's 'My Account' menu (account-control.tsx): its own chunk, loaded only
 * once the session says someone is signed in, so signed-out visitors never download it.
 */
export default function AccountMenu({
  user,
}: {
  user: { name: string; email: string; image: string | null };
}) {
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const name = displayName(user);

  // Escape and a click elsewhere close the menu, as any menu does.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const signOut = async () => {
    setSigningOut(true);
    const result = await signOutEverywhere();
    setSigningOut(false);
    if (!result.ok && result.status !== 401) {
      notifyError('Sign out failed', 'Please try again.');
      return;
    }
    setOpen(false);
    // Leave first (a data router navigates asynchronously): a signed-in-only screen (/profile)
    // would otherwise see the sign-out and send the visitor to /auth.
    await navigate(PATHS.home);
    sessionStore.signedOut();
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        className="flex items-center gap-2 rounded-full p-1 pr-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {/* The name is the button's visible text (on phones only for screen readers), so the
            accessible name contains what is seen; the avatar's initial is decoration. */}
        <span aria-hidden="true">
          <Avatar src={avatarSrc(user.image)} fallback={initial(user)} />
        </span>
        <span className="sr-only">Account menu for</span>{' '}
        <span className="sr-only sm:not-sr-only sm:inline-block sm:max-w-40 sm:truncate">
          {name}
        </span>
        <ChevronDown className="size-4 text-slate-500" aria-hidden />
      </button>
      {open ? (
        <div
          id={menuId}
          className="absolute right-0 z-50 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
        >
          <div className="border-b border-slate-100 px-3 pt-1 pb-3">
            <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
              My Account
            </p>
            <p className="mt-1 truncate font-medium text-slate-900">{name}</p>
            {name !== user.email ? (
              <p className="truncate text-sm text-slate-500">{user.email}</p>
            ) : null}
          </div>
          <ul className="pt-2">
            <li>
              <AppLink
                to={PATHS.profile}
                onClick={() => setOpen(false)}
                className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm text-slate-700 hover:bg-slate-100"
              >
                <UserRound className="size-4" aria-hidden />
                Profile
              </AppLink>
            </li>
            <li>
              <button
                type="button"
                onClick={signOut}
                disabled={signingOut}
                className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 disabled:opacity-50"
              >
                <LogOut className="size-4" aria-hidden />
                Sign Out
              </button>
            </li>
          </ul>
        </div>
      ) : null}
    </div>
  );
}
