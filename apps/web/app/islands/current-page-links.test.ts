import { afterEach, describe, expect, it, vi } from 'vitest';
import { scrollToTopOnCurrentPageLinks } from './current-page-links.ts';

let stop: () => void = () => {};

/**
 * Clicks a new link and tells whether the click was taken over (default prevented) by the time it
 * reached the document. A listener after the one under test then cancels the click, so jsdom
 * does not try to load another document.
 */
function clickLink(attributes: Record<string, string>, init: MouseEventInit = {}) {
  const link = document.createElement('a');
  for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
  link.textContent = 'link';
  document.body.append(link);
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
  let takenOver = false;
  const observe = (seen: Event) => {
    takenOver = seen.defaultPrevented;
    seen.preventDefault();
  };
  document.addEventListener('click', observe, { once: true });
  link.dispatchEvent(event);
  return { defaultPrevented: takenOver };
}

afterEach(() => {
  stop();
  document.body.innerHTML = '';
  vi.mocked(window.scrollTo).mockClear();
  window.history.replaceState(null, '', '/');
});

describe('links to the page you are on', () => {
  it('scroll to the top instead of reloading the page', () => {
    window.history.replaceState(null, '', '/pricing');
    stop = scrollToTopOnCurrentPageLinks(document);
    const event = clickLink({ href: '/pricing' });
    expect(event.defaultPrevented).toBe(true);
    expect(window.scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
  });

  it('leave every other click to the browser', () => {
    window.history.replaceState(null, '', '/pricing?plan=pro');
    stop = scrollToTopOnCurrentPageLinks(document);
    const others = [
      clickLink({ href: '/features' }),
      clickLink({ href: '/pricing?plan=free' }),
      clickLink({ href: '/pricing#faq' }),
      clickLink({ href: '/pricing', target: '_blank' }),
      clickLink({ href: '/pricing', download: '' }),
      clickLink({ href: 'https://elsewhere.example/pricing' }),
      clickLink({ href: '/pricing' }, { ctrlKey: true }),
      clickLink({ href: '/pricing' }, { button: 1 }),
    ];
    expect(others.map((event) => event.defaultPrevented)).toEqual(others.map(() => false));
    expect(window.scrollTo).not.toHaveBeenCalled();
    // The same page with its own query string is still the page you are on.
    expect(clickLink({ href: '/pricing?plan=pro' }).defaultPrevented).toBe(true);
  });

  it('already handled by an island are left alone', () => {
    window.history.replaceState(null, '', '/');
    stop = scrollToTopOnCurrentPageLinks(document);
    document.body.addEventListener('click', (event) => event.preventDefault(), { once: true });
    expect(clickLink({ href: '/' }).defaultPrevented).toBe(true);
    expect(window.scrollTo).not.toHaveBeenCalled();
  });
});
