import { NEWSLETTER_DELAY_MS } from '@crawlwise/shared/limits';
import { useEffect, useState } from 'react';

/** Set when the modal has been shown, so it appears at most once per browser session. */
export const NEWSLETTER_SHOWN_KEY = 'crawlwise:newsletter-shown';

function alreadyShown(): boolean {
  try {
    return window.sessionStorage.getItem(NEWSLETTER_SHOWN_KEY) !== null;
  } catch {
    return false; // storage blocked (privacy mode): fall back to once per page view
  }
}

function markShown(): void {
  try {
    window.sessionStorage.setItem(NEWSLETTER_SHOWN_KEY, '1');
  } catch {
    // Nothing to do: without storage the prompt can only be limited to this page view.
  }
}

/** Opens the newsletter prompt 15 s after `active` turns on, unless this session has seen it. */
export function useNewsletterPrompt(active: boolean) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!active || alreadyShown()) return;
    const id = setTimeout(() => {
      if (alreadyShown()) return;
      markShown();
      setOpen(true);
    }, NEWSLETTER_DELAY_MS);
    return () => clearTimeout(id);
  }, [active]);
  return { open, setOpen };
}
