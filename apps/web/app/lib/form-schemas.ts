/**
 * The shared form schemas and the validation library under them weigh about 25 KB gzipped, more
 * than the rest of a form page's own code. The contact and partner forms validate only when
 * submitted, so they load the schemas on demand: as soon as the visitor focuses the form (so they
 * are there by the time the form is sent) and, at the latest, on submit.
 */
type FormSchemas = typeof import('@crawlwise/shared/forms');

let loading: Promise<FormSchemas> | null = null;

export function loadFormSchemas(): Promise<FormSchemas> {
  // zod-jitless configures the library before any schema parses (see that file for why).
  loading ??= import('./zod-jitless.ts').then(() => import('@crawlwise/shared/forms'));
  return loading;
}

/** For a form's onFocus: start loading early, without waiting. */
export function preloadFormSchemas(): void {
  void loadFormSchemas();
}
