import { Menu, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { AppNavLink } from '../../components/app-link.tsx';
import { Island } from '../../islands/island.tsx';
import { cn } from '../../lib/cn.ts';
import { HEADER_LINKS } from './nav-links.ts';

const FOCUSABLE = 'a[href], button:not([disabled])';

/**
 * The main navigation on screens narrower than `md`, where the header's link row is hidden: a
 * menu button opening a panel of the same links. While open, Tab stays inside the panel (a focus
 * trap, as for any dialog), Escape closes it and gives focus back to the button, and following a
 * link — or any other navigation — closes it.
 */
export function MobileNav() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const location = useLocation();

  // Any navigation closes the menu (a link in it, the logo, the browser's back button).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location change is the trigger
  useEffect(() => {
    setOpen(false);
  }, [location.pathname, location.search]);

  // Opening moves focus to the first link, so keyboard and screen-reader users land in the menu.
  useEffect(() => {
    if (open) panelRef.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onPanelKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const items = [...panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="md:hidden">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label="Menu"
        onClick={() => setOpen((value) => !value)}
        className="flex size-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {open ? <X className="size-6" aria-hidden /> : <Menu className="size-6" aria-hidden />}
      </button>
      {open ? (
        <div
          ref={panelRef}
          id={panelId}
          role="dialog"
          aria-modal="true"
          aria-label="Menu"
          onKeyDown={onPanelKeyDown}
          className="absolute inset-x-0 top-16 z-50 border-b border-slate-200 bg-white px-4 pb-4 shadow-lg"
        >
          <nav aria-label="Main">
            <ul className="flex flex-col">
              {HEADER_LINKS.map((link) => (
                <li key={link.to}>
                  <AppNavLink
                    to={link.to}
                    end
                    // The current page's link only scrolls to the top, so close explicitly.
                    onClick={() => setOpen(false)}
                    className={({ isActive }) =>
                      cn(
                        'flex min-h-11 items-center rounded-md px-3 text-base font-medium',
                        isActive ? 'text-brand-700' : 'text-slate-700 hover:bg-slate-100',
                      )
                    }
                  >
                    {link.label}
                  </AppNavLink>
                </li>
              ))}
            </ul>
          </nav>
          <button
            type="button"
            onClick={close}
            className="mt-2 flex min-h-11 w-full items-center justify-center rounded-md border border-slate-200 text-sm font-medium text-slate-700 hover:bg-slate-100"
          >
            Close menu
          </button>
        </div>
      ) : null}
    </div>
  );
}

export function MobileNavIsland() {
  return <Island name="mobile-nav" component={MobileNav} props={{}} />;
}
