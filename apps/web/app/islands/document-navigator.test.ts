import { describe, expect, it, vi } from 'vitest';
import { createDocumentNavigator, type NavigationWindow } from './document-navigator.ts';

function fakeWindow() {
  const win = {
    history: { go: vi.fn(), pushState: vi.fn(), replaceState: vi.fn() },
    location: { assign: vi.fn(), replace: vi.fn(), reload: vi.fn() },
  } satisfies NavigationWindow;
  return { win, navigator: createDocumentNavigator(() => win) };
}

describe('document navigator', () => {
  it('loads an address as a new document when there is no state', () => {
    const { win, navigator } = fakeWindow();
    navigator.push({ pathname: '/auth', search: '?returnTo=%2Fprofile' });
    expect(win.location.assign).toHaveBeenCalledWith('/auth?returnTo=%2Fprofile');
    navigator.replace('/pricing');
    expect(win.location.replace).toHaveBeenCalledWith('/pricing');
    expect(win.history.pushState).not.toHaveBeenCalled();
    expect(win.location.reload).not.toHaveBeenCalled();
  });

  it('hands state to the next page the way React Router keeps it, then loads that page', () => {
    const { win, navigator } = fakeWindow();
    navigator.push('/report?token=abc', { freshSubmission: true });
    expect(win.history.pushState).toHaveBeenCalledWith(
      expect.objectContaining({ usr: { freshSubmission: true }, idx: 0, key: expect.any(String) }),
      '',
      '/report?token=abc',
    );
    expect(win.location.reload).toHaveBeenCalledTimes(1);
    expect(win.location.assign).not.toHaveBeenCalled();
  });

  it('replaces the entry with state when asked to replace', () => {
    const { win, navigator } = fakeWindow();
    navigator.replace('/report?token=def', { freshSubmission: true });
    expect(win.history.replaceState).toHaveBeenCalledWith(
      expect.objectContaining({ usr: { freshSubmission: true } }),
      '',
      '/report?token=def',
    );
    expect(win.location.reload).toHaveBeenCalledTimes(1);
  });

  it('goes back and forth through the browser history', () => {
    const { win, navigator } = fakeWindow();
    navigator.go(-1);
    expect(win.history.go).toHaveBeenCalledWith(-1);
    expect(navigator.createHref({ pathname: '/a', search: '?b=1', hash: '#c' })).toBe('/a?b=1#c');
  });
});
