import { config } from 'zod/v4';

/**
 * Zod, switched to interpreted parsing before anything builds a schema. Zod compiles object
 * parsers with `new Function` when it may; its probe for that runs when an object schema is
 * created and is refused by the page's content security policy (no 'unsafe-eval'), which
 * Chromium reports as a CSP issue. Interpreted parsing is plenty fast for a browser.
 *
 * The web build aliases `zod` to this module (vite.config.ts), so every schema module, the shared
 * ones included, imports Zod through it and the switch always runs first, whichever chunk the
 * bundler puts it in. Screens that validate may still import it for the side effect.
 */
config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
