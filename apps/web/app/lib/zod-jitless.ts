import { config } from 'zod';

/**
 * Imported (for this side effect) by every screen that validates with the shared schemas, before
 * it parses. Zod compiles object parsers with `new Function` when it may; its probe for that is
 * refused by the page's content security policy (no 'unsafe-eval'), which Chromium reports as a
 * CSP issue on every form page. Interpreted parsing is plenty fast for a form.
 */
config({ jitless: true });
