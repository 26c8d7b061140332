import { call, signUp, type TestAccount } from '@crawlwise/server/test-support/accounts';
import {
  buildTestApp,
  HEALTHY_PAGE,
  startTestSite,
  type TestSite,
} from '@crawlwise/server/test-support/test-app';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 21: who reaches a team's data. Every route that reads or changes workspace data is a row
 * of the table below, called as the team's owner, an admin, a member, a removed member (whose
 * session still names the team), an outsider (another account, in its Personal workspace) and
 * an anonymous visitor. The test fails when the app has a route that is neither in the table nor
 * in NOT_WORKSPACE_DATA, so a new route cannot be forgotten.
 */

type Actor = 'owner' | 'admin' | 'member' | 'removed' | 'outsider' | 'anonymous';
const ACTORS: Actor[] = ['anonymous', 'outsider', 'removed', 'member', 'admin', 'owner'];

/** What an actor must get: allowed (no access refusal), or a refusal with this status and code. */
type Expect = 'allowed' | { status: number; error?: string };

interface Ids {
  teamId: string;
  checkId: string;
  otherCheckId: string;
  reportToken: string;
  watchId: string;
  ownerId: string;
  outsiderId: string;
}

interface Row {
  route: string;
  /** The request; `fresh` gives the row a new team item per call (routes that change one). */
  request: (
    ids: Ids,
    fresh: Record<string, string>,
  ) => {
    method: 'GET' | 'POST' | 'DELETE';
    url: string;
    payload?: unknown;
  };
  fresh?: () => Promise<Record<string, string>>;
  /** Lists: the outsider gets 200 but never the team's items (checked in the body). */
  list?: (ids: Ids) => string;
  expect: Record<Actor, Expect>;
  /** Undo what an allowed call started (a site check: one runs at a time per workspace). */
  after?: (actor: TestAccount, response: LightMyRequestResponse) => Promise<void>;
}

const SIGNED_OUT = { status: 401 };
const GONE = { status: 404, error: 'team_not_found' };
const FORBIDDEN = { status: 403, error: 'team_forbidden' };

/** Any member may use the workspace; a removed member and the anonymous are refused. */
function workspace(outsider: Expect, anonymous: Expect = SIGNED_OUT): Row['expect'] {
  return {
    owner: 'allowed',
    admin: 'allowed',
    member: 'allowed',
    removed: GONE,
    outsider,
    anonymous,
  };
}

const NOT_CHECK = { status: 404, error: 'site_check_not_found' };

/** Routes that read or change no workspace data, and why. */
const NOT_WORKSPACE_DATA: Record<string, string> = {
  'GET *': 'the web app and static files',
  'GET /api/auth/*': 'Better Auth; its team routes that change a team are rows of the table',
  'POST /api/auth/*': 'Better Auth; its team routes that change a team are rows of the table',
  'GET /api/auth-providers': 'sign-in buttons',
  'GET /api/avatars/:key': 'profile pictures, by their random key',
  'GET /api/docs/json': 'the API description',
  'GET /api/reports/:token': 'read by the report’s access token (a shared capability)',
  'GET /api/reports/:token/export.json': 'read by the access token',
  'GET /api/reports/:token/export.csv': 'read by the access token',
  'GET /api/reports/:token/export.pdf': 'read by the access token',
  'GET /api/compare': 'read by two access tokens',
  'POST /api/leads': 'newsletter',
  'GET /api/leads/unsubscribe': 'newsletter',
  'POST /api/contact': 'contact form',
  'POST /api/partner-waitlist': 'partner form',
  'PATCH /api/me/profile': 'the account, not a workspace',
  'POST /api/me/avatar': 'the account, not a workspace',
  'GET /api/me/tokens': 'API tokens are the account’s (they act in Personal)',
  'POST /api/me/tokens': 'API tokens are the account’s',
  'DELETE /api/me/tokens/:id': 'API tokens are the account’s',
  'GET /api/site-verifications': 'site verifications stay the account’s own',
  'POST /api/site-verifications': 'site verifications stay the account’s own',
  'DELETE /api/site-verifications/:id': 'site verifications stay the account’s own',
  'POST /api/site-verifications/:id/check': 'site verifications stay the account’s own',
  'GET /api/watches/stop': 'the mailed one-click stop link (its own token)',
  'POST /api/watches/stop': 'the mailed one-click stop link (its own token)',
  'GET /healthz': 'probe',
  'GET /readyz': 'probe',
  'GET /report': 'server-rendered report page, by access token',
  'POST /report': 'no-script report form: POST /api/reports’s intake (row below)',
  'GET /robots.txt': 'static',
  'GET /sitemap.xml': 'static',
  'POST /mcp': 'MCP acts as an API token, in Personal',
  'GET /mcp': 'MCP',
  'DELETE /mcp': 'MCP',
};

let app: FastifyInstance;
let site: TestSite;
const people = {} as Record<Exclude<Actor, 'anonymous'>, TestAccount>;
let ids: Ids;

const org = (who: TestAccount, path: string, payload: unknown) =>
  call(app, 'POST', `/api/auth/organization/${path}`, { cookie: who.cookie, payload });

async function ok(response: LightMyRequestResponse | Promise<LightMyRequestResponse>) {
  const answered = await response;
  if (answered.statusCode >= 300) {
    throw new Error(`setup call failed: ${answered.statusCode} ${answered.body}`);
  }
  return answered.json();
}

async function teamCheck(): Promise<string> {
  const made = await ok(
    call(app, 'POST', '/api/site-checks', {
      cookie: people.owner.cookie,
      payload: { siteUrl: site.url('/'), source: 'list', list: site.url('/') },
    }),
  );
  return made.siteCheck.id as string;
}

const cancel = (who: TestAccount, id: string) =>
  call(app, 'POST', `/api/site-checks/${id}/cancel`, { cookie: who.cookie });

async function teamReport(): Promise<string> {
  const made = await ok(
    call(app, 'POST', '/api/reports', {
      cookie: people.owner.cookie,
      payload: { url: site.url('/') },
    }),
  );
  return made.accessToken as string;
}

async function teamWatch(): Promise<string> {
  const made = await ok(
    call(app, 'POST', '/api/watches', {
      cookie: people.owner.cookie,
      payload: { url: site.url(`/w-${Math.random().toString(36).slice(2)}`), frequency: 'daily' },
    }),
  );
  return made.watch.id as string;
}

beforeAll(async () => {
  site = await startTestSite({ '/': { body: HEALTHY_PAGE } });
  ({ app } = await buildTestApp());
  for (const name of ['owner', 'admin', 'member', 'removed', 'outsider'] as const) {
    people[name] = await signUp(app, { name: `Team ${name}` });
  }
  const team = await ok(
    org(people.owner, 'create', { name: 'Access', slug: `access-${Date.now()}` }),
  );
  for (const name of ['admin', 'member', 'removed'] as const) {
    const invitation = await ok(
      org(people.owner, 'invite-member', {
        email: people[name].email,
        role: name === 'admin' ? 'admin' : 'member',
        organizationId: team.id,
      }),
    );
    await ok(org(people[name], 'accept-invitation', { invitationId: invitation.id }));
    await ok(org(people[name], 'set-active', { organizationId: team.id }));
  }
  await ok(org(people.owner, 'set-active', { organizationId: team.id }));
  await ok(
    org(people.owner, 'remove-member', {
      memberIdOrEmail: people.removed.email,
      organizationId: team.id,
    }),
  );
  const otherCheckId = await teamCheck();
  await ok(cancel(people.owner, otherCheckId));
  const checkId = await teamCheck();
  await ok(cancel(people.owner, checkId));
  ids = {
    teamId: team.id,
    checkId,
    otherCheckId,
    reportToken: await teamReport(),
    watchId: await teamWatch(),
    ownerId: people.owner.userId,
    outsiderId: people.outsider.userId,
  };
}, 120_000);

afterAll(async () => {
  await app.close();
  await site.close();
});

const checkRoute = (suffix: string): Row => ({
  route: `GET /api/site-checks/:id${suffix}`,
  request: ({ checkId }) => ({ method: 'GET', url: `/api/site-checks/${checkId}${suffix}` }),
  expect: workspace(NOT_CHECK),
});

const TABLE: Row[] = [
  {
    route: 'GET /api/me/reports',
    request: () => ({ method: 'GET', url: '/api/me/reports' }),
    list: ({ reportToken }) => reportToken,
    expect: workspace('allowed'),
  },
  {
    route: 'GET /api/me/history',
    request: () => ({
      method: 'GET',
      url: `/api/me/history?url=${encodeURIComponent(site.url('/'))}`,
    }),
    list: ({ reportToken }) => reportToken,
    expect: workspace('allowed'),
  },
  {
    route: 'POST /api/reports',
    request: () => ({ method: 'POST', url: '/api/reports', payload: { url: site.url('/') } }),
    // Anyone may ask for a report; a signed-in caller's lands in the active workspace.
    expect: workspace('allowed', 'allowed'),
  },
  {
    route: 'DELETE /api/reports/:token',
    fresh: async () => ({ token: await teamReport() }),
    request: (_ids, fresh) => ({ method: 'DELETE', url: `/api/reports/${fresh.token}` }),
    expect: workspace({ status: 403 }),
  },
  {
    route: 'GET /api/site-checks',
    request: () => ({ method: 'GET', url: '/api/site-checks' }),
    list: ({ checkId }) => checkId,
    expect: workspace('allowed'),
  },
  {
    route: 'POST /api/site-checks',
    request: () => ({
      method: 'POST',
      url: '/api/site-checks',
      payload: { siteUrl: site.url('/'), source: 'list', list: site.url('/') },
    }),
    expect: workspace('allowed'),
    after: async (actor, response) => {
      if (response.statusCode === 201) await cancel(actor, response.json().siteCheck.id);
    },
  },
  {
    route: 'POST /api/site-checks/:id/cancel',
    fresh: async () => ({ id: await teamCheck() }),
    request: (_ids, fresh) => ({ method: 'POST', url: `/api/site-checks/${fresh.id}/cancel` }),
    expect: workspace(NOT_CHECK),
    after: async () => {
      // A refused cancel leaves the fresh check running: the owner ends it.
      const running = await call(app, 'GET', '/api/site-checks', { cookie: people.owner.cookie });
      for (const check of running.json().siteChecks as { id: string; status: string }[]) {
        if (check.status === 'running' || check.status === 'discovering') {
          await cancel(people.owner, check.id);
        }
      }
    },
  },
  { ...checkRoute(''), route: 'GET /api/site-checks/:id' },
  { ...checkRoute('/report'), route: 'GET /api/site-checks/:id/report' },
  { ...checkRoute('/export.csv'), route: 'GET /api/site-checks/:id/export.csv' },
  { ...checkRoute('/audit/pages'), route: 'GET /api/site-checks/:id/audit/pages' },
  { ...checkRoute('/audit/pages.csv'), route: 'GET /api/site-checks/:id/audit/pages.csv' },
  { ...checkRoute('/audit/issues'), route: 'GET /api/site-checks/:id/audit/issues' },
  { ...checkRoute('/audit/issues.csv'), route: 'GET /api/site-checks/:id/audit/issues.csv' },
  {
    ...checkRoute('/audit/issues/title-missing/items'),
    route: 'GET /api/site-checks/:id/audit/issues/:issueId/items',
  },
  {
    ...checkRoute('/audit/issues/title-missing/items.csv'),
    route: 'GET /api/site-checks/:id/audit/issues/:issueId/items.csv',
  },
  { ...checkRoute('/audit/overview'), route: 'GET /api/site-checks/:id/audit/overview' },
  { ...checkRoute('/audit/links'), route: 'GET /api/site-checks/:id/audit/links' },
  { ...checkRoute('/audit/links.csv'), route: 'GET /api/site-checks/:id/audit/links.csv' },
  { ...checkRoute('/audit/structure'), route: 'GET /api/site-checks/:id/audit/structure' },
  { ...checkRoute('/audit/duplicates'), route: 'GET /api/site-checks/:id/audit/duplicates' },
  {
    ...checkRoute('/audit/duplicates.csv'),
    route: 'GET /api/site-checks/:id/audit/duplicates.csv',
  },
  {
    ...checkRoute(`/audit/duplicates/diff?a=${encodeURIComponent('http://127.0.0.1/')}&b=x`),
    route: 'GET /api/site-checks/:id/audit/duplicates/diff',
  },
  {
    route: 'GET /api/site-checks/:id/audit/compare/:otherId',
    request: ({ checkId, otherCheckId }) => ({
      method: 'GET',
      url: `/api/site-checks/${checkId}/audit/compare/${otherCheckId}`,
    }),
    expect: workspace(NOT_CHECK),
  },
  {
    route: 'GET /api/watches',
    request: () => ({ method: 'GET', url: '/api/watches' }),
    list: ({ watchId }) => watchId,
    expect: workspace('allowed'),
  },
  {
    route: 'POST /api/watches',
    request: () => ({
      method: 'POST',
      url: '/api/watches',
      payload: { url: site.url(`/p-${Math.random().toString(36).slice(2)}`), frequency: 'weekly' },
    }),
    expect: workspace('allowed'),
  },
  {
    route: 'DELETE /api/watches/:id',
    fresh: async () => ({ id: await teamWatch() }),
    request: (_ids, fresh) => ({ method: 'DELETE', url: `/api/watches/${fresh.id}` }),
    expect: workspace({ status: 404, error: 'watch_not_found' }),
  },
  {
    route: 'GET /api/teams/:teamId/activity',
    request: ({ teamId }) => ({ method: 'GET', url: `/api/teams/${teamId}/activity` }),
    expect: workspace(GONE),
  },
  {
    route: 'POST /api/teams/:teamId/transfer-ownership',
    // To a non-member: the owner passes the role check and is answered 400 (nothing moves).
    request: ({ teamId, outsiderId }) => ({
      method: 'POST',
      url: `/api/teams/${teamId}/transfer-ownership`,
      payload: { userId: outsiderId },
    }),
    expect: {
      owner: { status: 400, error: 'invalid_request' },
      admin: FORBIDDEN,
      member: FORBIDDEN,
      removed: GONE,
      outsider: GONE,
      anonymous: SIGNED_OUT,
    },
  },
  {
    route: 'POST /api/auth/organization/invite-member',
    request: ({ teamId }) => ({
      method: 'POST',
      url: '/api/auth/organization/invite-member',
      payload: {
        email: `invitee-${Math.random().toString(36).slice(2)}@example.com`,
        role: 'member',
        organizationId: teamId,
      },
    }),
    expect: {
      owner: 'allowed',
      admin: 'allowed',
      member: FORBIDDEN,
      removed: GONE,
      outsider: GONE,
      anonymous: SIGNED_OUT,
    },
  },
  {
    route: 'POST /api/auth/organization/update-member-role',
    // The owner's own role to admin is refused by the rule "a role change never makes or
    // unmakes the owner" only after the role check; a member id that does not exist is 400.
    request: ({ teamId }) => ({
      method: 'POST',
      url: '/api/auth/organization/update-member-role',
      payload: { memberId: 'no-such-member', role: 'member', organizationId: teamId },
    }),
    expect: {
      owner: { status: 400 },
      admin: FORBIDDEN,
      member: FORBIDDEN,
      removed: GONE,
      outsider: GONE,
      anonymous: SIGNED_OUT,
    },
  },
];

/** Method and path of every route the app registered (HEAD is GET's twin). */
function registeredRoutes(): string[] {
  const found: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│├└─\s]*)(\S.*?)(?: \(([A-Z, ]+)\))?(?: \{.*\})?$/.exec(line);
    if (!match?.[2]) continue;
    const depth = Math.round((match[1] ?? '').length / 4);
    stack.length = Math.max(depth - 1, 0);
    stack.push(match[2]);
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') found.push(`${method} ${stack.join('')}`);
    }
  }
  return [...new Set(found)];
}

const ACCESS_REFUSALS = new Set(['team_not_found', 'team_forbidden', 'site_check_not_found']);

describe('team data access, route by route', () => {
  it('has every registered route in the table or in the list of routes without workspace data', () => {
    const covered = new Set([...TABLE.map((row) => row.route), ...Object.keys(NOT_WORKSPACE_DATA)]);
    // The web build's files (/assets/…, /favicon.svg), one route each once the web app is built
    // (routes/web.ts): static files, no workspace data, present or not after an earlier build.
    const staticFile = (route: string) => /^GET \/(?!api\/)\S*\.[a-z0-9]+$/i.test(route);
    const routes = registeredRoutes().filter((route) => !staticFile(route));
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((route) => !covered.has(route))).toEqual([]);
  });

  for (const row of TABLE) {
    it(row.route, async () => {
      for (const actor of ACTORS) {
        const fresh = row.fresh ? await row.fresh() : {};
        const request = row.request(ids, fresh);
        const cookie = actor === 'anonymous' ? undefined : people[actor].cookie;
        const response = await call(app, request.method, request.url, {
          ...(cookie ? { cookie } : {}),
          ...(request.payload !== undefined ? { payload: request.payload } : {}),
        });
        const expected = row.expect[actor];
        const label = `${row.route} as ${actor}: ${response.statusCode} ${response.body.slice(0, 200)}`;
        if (expected === 'allowed') {
          expect(response.statusCode, label).not.toBe(401);
          expect(response.statusCode, label).not.toBe(403);
          if (response.statusCode >= 400) {
            const error = (response.json() as { error?: string }).error ?? '';
            expect(ACCESS_REFUSALS.has(error), label).toBe(false);
          }
          if (row.list && response.statusCode === 200) {
            const seesTeam = response.body.includes(row.list(ids));
            expect(seesTeam, label).toBe(actor !== 'outsider');
          }
        } else {
          expect(response.statusCode, label).toBe(expected.status);
          if (expected.error) {
            expect((response.json() as { error?: string }).error, label).toBe(expected.error);
          }
        }
        if (row.after) {
          await row.after(actor === 'anonymous' ? people.owner : people[actor], response);
        }
      }
    });
  }
});
