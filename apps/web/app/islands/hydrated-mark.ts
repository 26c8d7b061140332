/**
 * The attribute the page carries once its scripts have taken over (every island, or the app,
 * hydrated): before that a form submits natively and a typed value can be reset. Browser tests
 * wait for it instead of guessing from network quiet, which a loaded machine outruns.
 */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

export function markHydrated(): void {
  document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, '');
}
