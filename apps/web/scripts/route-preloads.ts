/**
 * Where the build writes the scripts the server preloads on a screen of the single-page app,
 * relative to apps/web (next to build/client, so it is not served): `{ "/report": [...] }`, each
 * an /assets/ address. The server reads it at start (apps/server routes/web.ts); without it
 * (an old build) the screen simply loads without those hints.
 */
export const ROUTE_PRELOADS_FILE = 'build/route-preloads.json';
