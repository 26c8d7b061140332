import { startSmtpServer, type TestSmtpServer } from '@crawlwise/server/test-support/test-app';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axeViolations,
  gotoHydrated,
  launchBrowser,
  mailText,
  type RunningServer,
  startServer,
  startSite,
} from './harness.ts';

/**
 * Teams end to end (issue 21), in Debian's Chromium against the built server with a real SMTP
 * server in this process: the owner creates a team on /teams and invites a colleague by email;
 * the colleague opens the mailed link, accepts on the invitation screen and sees the team's
 * report and crawl; the owner removes them on the team page, and their very next request is
 * refused (not at their next sign-in).
 */

const SITE_HOST = 'team.crawlwise.test';
const PAGE =
  '<!doctype html><html lang="en"><head><title>Team site</title></head><body><h1>Team</h1><p>A page.</p></body></html>';

let smtp: TestSmtpServer;
let server: RunningServer;
let site: Awaited<ReturnType<typeof startSite>>;
let browser: Browser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  site = await startSite(PAGE);
  server = await startServer({
    ALLOW_PRIVATE_TARGETS: '1',
    RESOLVE_OVERRIDES: `${SITE_HOST}=127.0.0.1`,
    SMTP_URL: smtp.url,
    RENDER: 'off',
    LOG_LEVEL: 'warn',
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  const code = await server?.stop();
  await site?.close();
  await smtp?.close();
  expect(code).toBe(0);
});

const siteUrl = () => `http://${SITE_HOST}:${site.port}/`;

interface Person {
  email: string;
  /** The session cookie header, for requests outside the browser. */
  cookie: string;
  context: BrowserContext;
}

/** Signs up, confirms through the mailed link (SMTP is set) and opens a browser context as them. */
async function confirmedPerson(name: string): Promise<Person> {
  const email = `${name}-${Date.now()}@example.com`;
  const signUp = await fetch(`${server.baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, password: 'secret-password' }),
  });
  expect(signUp.status).toBe(200);
  const mail = await smtp.waitForMail((each) => each.to.includes(email));
  const link = new URL(mailText(mail).match(/https?:\/\/\S+verify-email\?\S+/)?.[0] ?? '');
  const confirmed = await fetch(`${server.baseUrl}${link.pathname}${link.search}`, {
    redirect: 'manual',
  });
  const pairs = confirmed.headers.getSetCookie().map((cookie) => cookie.split(';')[0] ?? '');
  expect(pairs.length).toBeGreaterThan(0);
  const context = await browser.newContext({
    bypassCSP: true,
    viewport: { width: 1280, height: 900 },
  });
  await context.addCookies(
    pairs.map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: server.baseUrl };
    }),
  );
  return { email, cookie: pairs.join('; '), context };
}

const api = (person: Person, path: string, init: RequestInit = {}) =>
  fetch(`${server.baseUrl}${path}`, {
    ...init,
    headers: {
      cookie: person.cookie,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
  });

async function seriousViolations(context: BrowserContext, url: string) {
  const page = await context.newPage();
  await gotoHydrated(page, url);
  const violations = await axeViolations(page, 'serious');
  await page.close();
  return violations;
}

describe('teams in the browser', () => {
  it('invites by mail, shares the team’s report and crawl, and shuts a removed member out at once', async () => {
    // A name of this run only (a retry must not find the address taken).
    const name = `Oak Agency ${Date.now() % 1_000_000}`;
    const slug = name.toLowerCase().replaceAll(' ', '-');
    const owner = await confirmedPerson('owner');
    const member = await confirmedPerson('member');

    // The owner creates the team on /teams; the address is suggested from the name.
    const ownerPage = await owner.context.newPage();
    await gotoHydrated(ownerPage, `${server.baseUrl}/teams`);
    await ownerPage.getByLabel('Team name').fill(name);
    await expect.poll(() => ownerPage.getByLabel('Team address').inputValue()).toBe(slug);
    await ownerPage.getByRole('button', { name: 'Create team' }).click();
    await ownerPage.waitForURL(new RegExp(`/team\\?slug=${slug}$`), { timeout: 20_000 });

    // The invitation goes out by mail with the accept link.
    await ownerPage.getByLabel('Email address').fill(member.email);
    await ownerPage.getByRole('button', { name: 'Send invitation' }).click();
    const invitationMail = await smtp.waitForMail(
      (each) => each.to.includes(member.email) && /\/invitation\?id=/.test(mailText(each)),
    );
    const acceptLink = mailText(invitationMail).match(/https?:\/\/\S+\/invitation\?id=[\w-]+/)?.[0];
    expect(acceptLink).toBeDefined();

    // Made in the team's workspace (the new team is the owner's active one): a report and a crawl.
    const session = await (await api(owner, '/api/auth/get-session')).json();
    expect(session.session.activeOrganizationId).toEqual(expect.any(String));
    const report = await api(owner, '/api/reports', {
      method: 'POST',
      body: JSON.stringify({ url: siteUrl() }),
    });
    expect(report.status).toBe(201);
    const reportToken = (await report.json()).accessToken as string;
    const crawl = await api(owner, '/api/site-checks', {
      method: 'POST',
      body: JSON.stringify({ siteUrl: siteUrl(), source: 'crawl', crawl: { maxPages: 5 } }),
    });
    expect(crawl.status).toBe(201);
    const crawlId = (await crawl.json()).siteCheck.id as string;

    // The colleague opens the mailed link, accepts, and lands on the team's page.
    const invitationUrl = new URL(acceptLink ?? '');
    const memberPage = await member.context.newPage();
    await gotoHydrated(
      memberPage,
      `${server.baseUrl}${invitationUrl.pathname}${invitationUrl.search}`,
    );
    expect(await axeViolations(memberPage, 'serious')).toEqual([]);
    await memberPage.getByRole('button', { name: 'Accept and join' }).click();
    await memberPage.waitForURL(new RegExp(`/team\\?slug=${slug}$`), { timeout: 20_000 });

    // As a member of the (now active) team they see its report and its crawl.
    const mine = await (await api(member, '/api/me/reports')).json();
    expect(JSON.stringify(mine)).toContain(reportToken);
    expect((await api(member, `/api/site-checks/${crawlId}`)).status).toBe(200);
    await gotoHydrated(memberPage, `${server.baseUrl}/site-check?id=${crawlId}`);
    await memberPage.getByText(SITE_HOST).first().waitFor({ timeout: 20_000 });

    // The team page is clean for both (axe, serious and critical).
    expect(await seriousViolations(owner.context, `${server.baseUrl}/team?slug=${slug}`)).toEqual(
      [],
    );

    // The owner removes the member on the team page ...
    await gotoHydrated(ownerPage, `${server.baseUrl}/team?slug=${slug}`);
    const remove = ownerPage.getByRole('button', { name: `Remove ${member.email} from the team` });
    await remove.click();
    await remove.waitFor({ state: 'detached', timeout: 20_000 });

    // ... and the member's very next request is refused, without signing them out first.
    const after = await api(member, '/api/me/reports');
    expect(after.status).toBe(404);
    expect((await after.json()).error).toBe('team_not_found');
    expect((await api(member, `/api/site-checks/${crawlId}`)).status).toBe(404);
    // Their screen says so and goes back to Personal, where their own (empty) history loads.
    await gotoHydrated(memberPage, `${server.baseUrl}/profile`);
    await memberPage.getByText('Team Not Found').first().waitFor({ timeout: 20_000 });
    const workspace = memberPage.getByRole('combobox', { name: 'Workspace' });
    await expect.poll(() => workspace.inputValue(), { timeout: 20_000 }).toBe('personal');

    await owner.context.close();
    await member.context.close();
  }, 180_000);
});
