/**
 * The shared form schemas and the validation library under them weigh about 25 KB gzipped, more
 * than the rest of a form page's own code. The contact and partner forms validate only when
 * submitted, so they load the schemas on demand: as soon as the visitor focuses the form (so they
 * are there by the time the form is sent) and, at the latest, on submit.
 */
type FormSchemas = typeof import('./form-schemas-module.ts');

let loading: Promise<FormSchemas> | null = null;

/**
 * One dynamic import, so the bundler makes one chunk group for it. Two chained imports (Zod's
 * configuration, then the schemas) let it split Zod across two chunks that import each other:
 * the schemas then ran before Zod's own module had finished initialising, and every form threw
 * "Cannot set properties of undefined" in the built app (issue 27 item 1).
 */
export function loadFormSchemas(): Promise<FormSchemas> {
  loading ??= import('./form-schemas-module.ts');
  return loading;
}

/** For a form's onFocus: start loading early, without waiting. */
export function preloadFormSchemas(): void {
  void loadFormSchemas();
}
