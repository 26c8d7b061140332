import { randomBytes } from 'node:crypto';
import type { AuthProvider } from '@crawlwise/shared/accounts';
import { INVITATION_VALID_DAYS, type TeamAction } from '@crawlwise/shared/api/teams';
import { ERROR_CATALOGUE } from '@crawlwise/shared/error-catalogue';
import { PATHS } from '@crawlwise/shared/routes';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { organization } from 'better-auth/plugins/organization';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import {
  accounts,
  invitations,
  members,
  organizations,
  sessions,
  users,
  verifications,
} from '../db/schema.ts';
import type { AttemptThrottle } from './attempt-throttle.ts';
import { accountRulesHook } from './auth-rules.ts';
import { type Mailer, mailSafeName } from './mailer.ts';
import { publicOrigin } from './public-origin.ts';
import { teamRulesPlugin } from './team-rules.ts';
import type { TeamService } from './teams.ts';

/**
 * Accounts: Better Auth on the app's own database (Drizzle adapter, tables in db/schema.ts).
 * Email + password, Google and any OpenID Connect provider when configured; sessions live in the
 * database and are named by an httpOnly cookie. With SMTP_URL a new address must be confirmed
 * through a mailed link; without it the link is written to the log and the account works at once.
 * The spec's rules (shared schemas) are enforced by a before hook (services/auth-rules.ts).
 */

/** The spec's minimum password length for sign-up and sign-in (the new-password rule is 8). */
export const MIN_PASSWORD_LENGTH = 6;

/** Account deletion without the password needs a session this fresh (seconds). */
const FRESH_SESSION_SECONDS = 15 * 60;

/** The generic OpenID Connect provider's id in Better Auth's routes (`/callback/oidc`, `sign-in/social`). */
export const OIDC_PROVIDER_ID = 'oidc';

export interface AuthDependencies {
  config: Config;
  database: Database;
  secret: string;
  log: FastifyBaseLogger;
  mailer: Mailer;
  /** Bounds the confirmation mails one address receives (plugins/auth.ts bounds the requests). */
  attempts: AttemptThrottle;
  /** Runs before and again after an account is deleted (erases its reports). */
  beforeDeleteUser: (userId: string) => Promise<void>;
  /** Teams: memberships, the trail (services/teams.ts). */
  teams: TeamService;
  /** Runs before a team is deleted (erases its reports; its checks and watches go with it). */
  beforeDeleteTeam: (teamId: string) => Promise<void>;
}

export function createAuth({
  config,
  database,
  secret,
  log,
  mailer,
  attempts,
  beforeDeleteUser,
  teams,
  beforeDeleteTeam,
}: AuthDependencies) {
  const baseURL = authBaseUrl(config);
  const confirmationRequired = config.SMTP_URL !== undefined;
  /** One line of a team's trail from the plugin's hooks (docs/teams.md › Trail). */
  const trail = (teamId: string, actorId: string, action: TeamAction, subject: string) =>
    teams.record({ teamId, actorId, action, subject });
  return betterAuth({
    appName: 'Crawlwise',
    baseURL,
    basePath: '/api/auth',
    secret,
    database: drizzleAdapter(database.db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        organization: organizations,
        member: members,
        invitation: invitations,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      autoSignIn: true,
      requireEmailVerification: confirmationRequired,
    },
    emailVerification: {
      // Always sent: without SMTP the mailer writes it to the log (the account works anyway).
      sendOnSignUp: true,
      sendOnSignIn: confirmationRequired,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) => {
        // However many sign-ins, sign-ups and resends ask, one inbox gets a handful an hour.
        const budget = attempts.reserve('verificationMail', user.email.toLowerCase());
        if (!budget.allowed) {
          log.warn({ userId: user.id }, 'confirmation mail not sent: this address had enough');
          return;
        }
        await mailer.deliver({
          to: user.email,
          subject: 'Confirm your email address for Crawlwise',
          text: [
            `Hello ${mailSafeName(user.name)},`,
            '',
            'Please confirm your email address for your Crawlwise account by opening this link:',
            '',
            url,
            '',
            'If you did not create an account, ignore this email: nothing happens without the link.',
          ].join('\n'),
        });
      },
    },
    socialProviders: {
      ...(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
        ? {
            google: {
              clientId: config.GOOGLE_CLIENT_ID,
              clientSecret: config.GOOGLE_CLIENT_SECRET,
              prompt: 'select_account' as const,
            },
          }
        : {}),
    },
    plugins: [
      // Teams (docs/teams.md): a team is an organization; its routes are /api/auth/organization/*.
      organization({
        invitationExpiresIn: INVITATION_VALID_DAYS * 24 * 60 * 60,
        sendInvitationEmail: async ({ id, email, organization: team, inviter }) => {
          // services/team-rules.ts has already counted this mail against the address's budget.
          await mailer.deliver({
            to: email,
            subject: `${mailSafeName(inviter.user.name)} invited you to ${mailSafeName(team.name)} on Crawlwise`,
            text: [
              'Hello,',
              '',
              `${mailSafeName(inviter.user.name)} invited you to the team "${mailSafeName(team.name)}" on Crawlwise.`,
              `Open this link to accept or decline (valid for ${INVITATION_VALID_DAYS} days):`,
              '',
              `${baseURL}${PATHS.invitationFor(id)}`,
              '',
              `You need a Crawlwise account with this address (${email}); the page lets you create one.`,
              'If you do not know this team, ignore this email: nothing happens without the link.',
            ].join('\n'),
          });
        },
        organizationHooks: {
          afterCreateOrganization: ({ organization: team, user }) =>
            trail(team.id, user.id, 'team.created', team.name),
          afterCreateInvitation: ({ invitation, inviter }) =>
            trail(invitation.organizationId, inviter.id, 'member.invited', invitation.email),
          afterCancelInvitation: ({ invitation, cancelledBy }) =>
            trail(
              invitation.organizationId,
              cancelledBy.id,
              'invitation.cancelled',
              invitation.email,
            ),
          afterAcceptInvitation: ({ member, user }) =>
            trail(member.organizationId, user.id, 'member.joined', user.email),
          beforeDeleteOrganization: async ({ organization: team }) => beforeDeleteTeam(team.id),
        },
      }),
      teamRulesPlugin({ teams, attempts }),
      ...(config.OIDC_ISSUER && config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET
        ? [
            genericOAuth({
              config: [
                {
                  providerId: OIDC_PROVIDER_ID,
                  discoveryUrl: `${config.OIDC_ISSUER.replace(/\/+$/, '')}/.well-known/openid-configuration`,
                  clientId: config.OIDC_CLIENT_ID,
                  clientSecret: config.OIDC_CLIENT_SECRET,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
    user: {
      deleteUser: {
        enabled: true,
        beforeDelete: async (user) => {
          // An owner first hands the team over or deletes it (docs/teams.md › Deleting).
          if (await teams.ownsTeam(user.id)) {
            throw new APIError('CONFLICT', {
              code: 'account_owns_team',
              message: `${ERROR_CATALOGUE.account_owns_team.description} ${ERROR_CATALOGUE.account_owns_team.action}`,
            });
          }
          await teams.handOverToTeams(user.id);
          await beforeDeleteUser(user.id);
        },
        // Again once the account is gone: a report stored while the deletion ran is erased too.
        afterDelete: async (user) => beforeDeleteUser(user.id),
      },
    },
    session: { freshAge: FRESH_SESSION_SECONDS },
    databaseHooks: {
      user: {
        create: {
          // A provider's picture is a third-party address (a tracker, blocked by the CSP anyway):
          // the avatar is only ever a picture uploaded here.
          before: async (user) => ({ data: { ...user, image: null } }),
        },
      },
    },
    hooks: { before: accountRulesHook },
    // A failed third-party sign-in whose flow is unknown (forged or spent state) lands on the
    // /auth screen, which says so, instead of Better Auth's own error page.
    onAPIError: { errorURL: `${baseURL}/auth` },
    // services/attempt-throttle.ts limits sign-in, sign-up and password checks instead, with the
    // catalogue's 429 answer (plugins/auth.ts).
    rateLimit: { enabled: false },
    // plugins/security.ts already refuses cross-origin writes; the request's own origin (and
    // PUBLIC_URL's, which is baseURL) is what Better Auth's origin check must accept too.
    trustedOrigins: (request) => (request ? [new URL(request.url).origin] : []),
    advanced: {
      // plugins/auth.ts puts the client address Fastify resolved (trusted proxies only) here.
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
    },
    telemetry: { enabled: false },
    // Into the app's structured log rather than Better Auth's own console output.
    logger: {
      log: (level, message, ...args) => {
        log[level]({ auth: args.length ? args : undefined }, message);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The third-party sign-in buttons this installation offers (none unless configured). */
export function configuredProviders(config: Config): AuthProvider[] {
  const providers: AuthProvider[] = [];
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) {
    providers.push({ id: 'google', name: 'Google' });
  }
  if (config.OIDC_ISSUER && config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET) {
    providers.push({ id: OIDC_PROVIDER_ID, name: config.OIDC_NAME });
  }
  return providers;
}

/** Where the app is reached: PUBLIC_URL, else http://localhost:PORT. */
export function authBaseUrl(config: Config): string {
  return publicOrigin(config);
}

/** AUTH_SECRET, or a random one for this process (sessions then end at restart). */
export function authSecret(config: Config): { secret: string; generated: boolean } {
  if (config.AUTH_SECRET) return { secret: config.AUTH_SECRET, generated: false };
  return { secret: randomBytes(32).toString('base64url'), generated: true };
}
