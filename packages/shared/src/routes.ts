/**
 * The web app's route map (product spec, point 2), shared so the server can decide how to answer a
 * path: a prerendered marketing page (200 + its own HTML), a client-only screen (200 + the SPA
 * fallback) or anything else (404 + the prerendered 404 page).
 */

export const FEATURE_SLUGS = [
  'analyzer',
  'js-render-detection',
  'title-meta-audit',
  'word-count',
  'image-alt-coverage',
  'canonical-checker',
  'score-model',
] as const;

export type FeatureSlug = (typeof FEATURE_SLUGS)[number];

export function isFeatureSlug(value: unknown): value is FeatureSlug {
  return typeof value === 'string' && (FEATURE_SLUGS as readonly string[]).includes(value);
}

/** Every path the app links to, so links and the route config cannot drift apart. */
export const PATHS = {
  home: '/',
  features: '/features',
  feature: (slug: FeatureSlug) => `/features/${slug}`,
  howItWorks: '/how-it-works',
  /** The CLI in CI, the REST API with a token, MCP setup (issue 22, item 5). */
  developers: '/developers',
  pricing: '/pricing',
  payments: '/payments',
  runATest: '/run-a-test',
  contact: '/contact',
  about: '/about',
  terms: '/terms',
  privacy: '/privacy',
  partner: '/partner',
  report: '/report',
  reportFor: (accessToken: string) => `/report?token=${encodeURIComponent(accessToken)}`,
  auth: '/auth',
  /** /auth, coming back to `next` (a report the visitor was reading) after signing in. */
  authThenReturnTo: (next: string) => `/auth?next=${encodeURIComponent(next)}`,
  profile: '/profile',
  history: '/history',
  /** The history of one page (its normalised address), signed-in owner only. */
  historyFor: (url: string) => `/history?url=${encodeURIComponent(url)}`,
  compare: '/compare',
  /** Two reports of one page side by side: `a` the older report's token, `b` the newer one's. */
  compareFor: (older: string, newer: string) =>
    `/compare?a=${encodeURIComponent(older)}&b=${encodeURIComponent(newer)}`,
  /** Whole-site checks: the start screen, and one site check's progress and site report. */
  siteCheck: '/site-check',
  siteCheckFor: (id: string) => `/site-check?id=${encodeURIComponent(id)}`,
  /** Teams (issue 21): the account's teams and the form that creates one. */
  teams: '/teams',
  /** One team's page: members, roles, invitations, activity. */
  team: '/team',
  teamFor: (slug: string) => `/team?slug=${encodeURIComponent(slug)}`,
  /** The invitation screen a mailed invitation links to (accept or decline). */
  invitation: '/invitation',
  invitationFor: (id: string) => `/invitation?id=${encodeURIComponent(id)}`,
  /** The account's sites and their ownership verification (issue 20, item 5). */
  sites: '/sites',
} as const;

/** The query flag the email confirmation link lands with, so the page can say it worked. */
export const EMAIL_CONFIRMED_PARAM = 'emailConfirmed';

/**
 * Where the confirmation mail's link leads after confirming: back to the page the visitor signed
 * up from (a report, say; issue 27), flagged so it can say "Email confirmed". `path` is a path of
 * this site (safeReturnPath), never another origin.
 */
export function emailConfirmedLanding(path: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}${EMAIL_CONFIRMED_PARAM}=1`;
}

/**
 * The confirmation link a sign-up may ask for, kept only when it is one emailConfirmedLanding
 * made for the site root or a safe return path; anything else (another origin, a made-up path)
 * lands on the root. The server applies this to what the sign-up form sends (issue 27).
 */
export function safeEmailLanding(requested: unknown): string {
  const fallback = emailConfirmedLanding('/');
  if (typeof requested !== 'string') return fallback;
  const flag = `${EMAIL_CONFIRMED_PARAM}=1`;
  const suffixes = [`?${flag}`, `&${flag}`];
  const suffix = suffixes.find((end) => requested.endsWith(end));
  if (!suffix) return fallback;
  const path = requested.slice(0, -suffix.length);
  if (path === '/' && suffix.startsWith('?')) return requested;
  if (suffix.startsWith('&') && safeReturnPath(path) === path) return requested;
  return fallback;
}

/**
 * Where /auth may send a visitor after signing in: back to a report, a page history or a
 * comparison of this site, nowhere else (a `next` pointing off-site would make the sign-in page
 * an open redirect).
 */
export function safeReturnPath(next: string | null | undefined): string | null {
  if (!next) return null;
  if (/^\/report\?token=[A-Za-z0-9_%-]+$/.test(next)) return next;
  if (/^\/history\?url=[A-Za-z0-9_.~%-]+$/.test(next)) return next;
  if (/^\/compare\?a=[A-Za-z0-9_%-]+&b=[A-Za-z0-9_%-]+$/.test(next)) return next;
  // An invitee without an account signs up first, then comes back to accept (issue 21).
  if (/^\/invitation\?id=[A-Za-z0-9_%-]+$/.test(next)) return next;
  return null;
}

/** Marketing pages rendered to static HTML at build time (one index.html each). */
export const PRERENDERED_ROUTES = [
  PATHS.home,
  PATHS.features,
  ...FEATURE_SLUGS.map((slug) => PATHS.feature(slug)),
  PATHS.howItWorks,
  PATHS.developers,
  PATHS.pricing,
  PATHS.payments,
  PATHS.runATest,
  PATHS.contact,
  PATHS.about,
  PATHS.terms,
  PATHS.privacy,
  PATHS.partner,
] as const;

/** Screens rendered only in the browser: the server answers them with the SPA fallback file. */
export const CLIENT_ONLY_ROUTES = [
  PATHS.report,
  PATHS.auth,
  PATHS.profile,
  PATHS.history,
  PATHS.compare,
  PATHS.siteCheck,
  PATHS.teams,
  PATHS.team,
  PATHS.invitation,
  PATHS.sites,
] as const;

/**
 * The path the 404 page is prerendered from. It is not a real page: the server answers it, like
 * every unknown path, with status 404 and the file at NOT_FOUND_HTML_PATH.
 */
export const NOT_FOUND_PRERENDER_PATH = '/404';

/** The prerendered 404 page, relative to the web build's client directory (build/client). */
export const NOT_FOUND_HTML_PATH = '404/index.html';

/**
 * React Router writes the SPA fallback under this name (relative to build/client) when "/" is
 * prerendered too, because index.html is then the home page.
 */
export const SPA_FALLBACK_FILE = '__spa-fallback.html';

/** The file (relative to build/client) that holds a prerendered route's HTML. */
export function prerenderedHtmlPath(route: string): string {
  const trimmed = route.replace(/^\/+|\/+$/g, '');
  return trimmed ? `${trimmed}/index.html` : 'index.html';
}

export type RouteResolution =
  | { kind: 'prerendered'; status: 200; file: string }
  | { kind: 'client-only'; status: 200; file: typeof SPA_FALLBACK_FILE }
  | { kind: 'not-found'; status: 404; file: typeof NOT_FOUND_HTML_PATH };

const prerendered = new Set<string>(PRERENDERED_ROUTES);
const clientOnly = new Set<string>(CLIENT_ONLY_ROUTES);

/**
 * How the server should answer a page request for `pathname` (no query string). A trailing slash
 * is tolerated ("/pricing/" is "/pricing") because static hosts commonly add one.
 */
export function resolvePageRoute(pathname: string): RouteResolution {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
  if (prerendered.has(path)) {
    return { kind: 'prerendered', status: 200, file: prerenderedHtmlPath(path) };
  }
  if (clientOnly.has(path)) return { kind: 'client-only', status: 200, file: SPA_FALLBACK_FILE };
  return { kind: 'not-found', status: 404, file: NOT_FOUND_HTML_PATH };
}
