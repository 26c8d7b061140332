import { randomInt, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Database } from '../db/database.ts';
import { call, cookieHeader, signIn, TEST_PASSWORD } from './accounts.ts';
import {
  buildTestApp,
  HEALTHY_PAGE,
  mailText,
  type ReceivedMail,
  startSmtpServer,
  startTestSite,
  type TestSite,
  type TestSmtpServer,
} from './test-app.ts';

/**
 * People and teams for the teams tests (docs/teams.md), through the real routes: confirmed
 * accounts, teams, invitations mailed to the real SMTP server and accepted from their link.
 */

export interface TeamWorld {
  app: FastifyInstance;
  database: Database;
  smtp: TestSmtpServer;
  /** The app's PUBLIC_URL (the invitation links start with it). */
  publicUrl: string;
}

export interface Person {
  userId: string;
  email: string;
  cookie: string;
}

/** A client address of its own (sign-ups are throttled per address when limits are on). */
const freshAddress = () =>
  `2001:db8:${randomInt(0x10000).toString(16)}::${randomInt(0x10000).toString(16)}`;

/** The helpers on a world that exists once the test file's beforeAll has run. */
export function teamHelpers(world: () => TeamWorld) {
  const invitationPattern = () =>
    new RegExp(`${world().publicUrl.replace(/[.:/]/g, '\\$&')}/invitation\\?id=[A-Za-z0-9_%-]+`);

  /** A confirmed account, signed in (with SMTP a new address must be confirmed first). */
  async function person(name: string): Promise<Person> {
    const { app, database } = world();
    const email = `${name.toLowerCase()}-${randomUUID()}@example.com`;
    const signUp = await call(app, 'POST', '/api/auth/sign-up/email', {
      payload: { name, email, password: TEST_PASSWORD },
      remoteAddress: freshAddress(),
    });
    expect(signUp.statusCode).toBe(200);
    await database.db.execute(sql`update users set email_verified = true where email = ${email}`);
    return signInAgain({ email });
  }

  /** Another session of the same account (a second browser). */
  async function signInAgain(who: { email: string }): Promise<Person> {
    const signedIn = await signIn(world().app, who.email);
    expect(signedIn.statusCode).toBe(200);
    return {
      userId: signedIn.json().user.id,
      email: who.email,
      cookie: cookieHeader(signedIn.headers['set-cookie']),
    };
  }

  const auth = (who: Person, path: string, payload: unknown) =>
    call(world().app, 'POST', `/api/auth/organization/${path}`, { cookie: who.cookie, payload });

  /** The invitation mails received for the address, oldest first. */
  const invitationMails = (email: string): ReceivedMail[] =>
    world().smtp.mails.filter((each) => each.to.includes(email) && /invited you to/.test(each.raw));

  function linkIn(mail: ReceivedMail): URL {
    const found = mailText(mail).match(invitationPattern());
    if (!found) throw new Error(`no invitation link in:\n${mailText(mail)}`);
    return new URL(found[0]);
  }

  /** The link of the `nth` invitation mail (1: the first) the address receives. */
  async function invitationLinkFor(email: string, nth = 1): Promise<URL> {
    await world().smtp.waitForMail(() => invitationMails(email).length >= nth);
    return linkIn(invitationMails(email)[nth - 1] as ReceivedMail);
  }

  async function createTeam(owner: Person, name = 'Acme Web') {
    const slug = `acme-${randomUUID().slice(0, 8)}`;
    const created = await auth(owner, 'create', { name, slug });
    expect(created.statusCode).toBe(200);
    return created.json() as { id: string; slug: string };
  }

  /** Invites a new account by mail and accepts from the mailed link. */
  async function join(team: { id: string }, inviter: Person, role: 'admin' | 'member') {
    const invitee = await person(role === 'admin' ? 'Admin' : 'Member');
    const invited = await auth(inviter, 'invite-member', {
      email: invitee.email,
      role,
      organizationId: team.id,
    });
    expect(invited.statusCode).toBe(200);
    const link = await invitationLinkFor(invitee.email);
    const accepted = await auth(invitee, 'accept-invitation', {
      invitationId: link.searchParams.get('id'),
    });
    expect(accepted.statusCode).toBe(200);
    return invitee;
  }

  const setActive = (who: Person, teamId: string | null) =>
    auth(who, 'set-active', { organizationId: teamId });

  /** The team's trail as a member reads it, newest first. */
  async function trail(reader: Person, teamId: string) {
    const answer = await call(world().app, 'GET', `/api/teams/${teamId}/activity`, {
      cookie: reader.cookie,
    });
    expect(answer.statusCode).toBe(200);
    return answer.json().activity as Array<{
      action: string;
      subject: string;
      actor: { id: string; email: string } | null;
    }>;
  }

  return {
    person,
    signInAgain,
    auth,
    invitationMails,
    invitationLinkFor,
    createTeam,
    join,
    setActive,
    trail,
  };
}

/** The PUBLIC_URL of a team test bed's app (its invitation links start with it). */
export const TEAM_BED_PUBLIC_URL = 'http://crawlwise.test:8080';

export interface TeamBedOptions {
  /** More configuration of the app (SMTP_URL and PUBLIC_URL are the bed's). */
  config?: Record<string, string>;
  /** The test site's pages (default: a healthy page at `/`); the object may grow later. */
  pages?: Record<string, { body: string }>;
}

/**
 * A teams test file's world, started in its beforeAll and closed in its afterAll: the app on the
 * real database with a real SMTP server and a test site on 127.0.0.1, and the team helpers on it.
 * Its `app`, `database`, `smtp` and `site` are read once the beforeAll has run.
 */
export function teamTestBed(options: TeamBedOptions = {}) {
  let world: (TeamWorld & { site: TestSite }) | undefined;
  beforeAll(async () => {
    const smtp = await startSmtpServer();
    const site = await startTestSite(options.pages ?? { '/': { body: HEALTHY_PAGE } });
    const { app, database } = await buildTestApp({
      ...options.config,
      SMTP_URL: smtp.url,
      PUBLIC_URL: TEAM_BED_PUBLIC_URL,
    });
    world = { app, database, smtp, site, publicUrl: TEAM_BED_PUBLIC_URL };
  });
  afterAll(async () => {
    await world?.app.close();
    await world?.smtp.close();
    await world?.site.close();
  });
  const current = () => {
    if (!world) throw new Error('the team test bed is read before its beforeAll ran');
    return world;
  };
  return {
    get app() {
      return current().app;
    },
    get database() {
      return current().database;
    },
    get smtp() {
      return current().smtp;
    },
    get site() {
      return current().site;
    },
    ...teamHelpers(current),
  };
}
