import { firstMessage } from '@crawlwise/shared/accounts';
import { type TeamRole, teamNameSchema, teamSlugSchema } from '@crawlwise/shared/api/teams';
import { ERROR_CATALOGUE, type ErrorCode } from '@crawlwise/shared/error-catalogue';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import type { BetterAuthPlugin } from 'better-auth/types';
import type { z } from 'zod';
import { type AttemptThrottle, throttleMessage } from './attempt-throttle.ts';
import type { TeamService } from './teams.ts';

/**
 * The team rules on Better Auth's `/api/auth/organization/*` routes (docs/teams.md), as a small
 * plugin of before and after hooks: names and addresses by the shared schemas, a taken address
 * as `team_slug_taken`, who may invite, cancel an invitation, remove and change roles (owner and
 * admin; roles only the owner, and never to owner: that is the ownership transfer; nobody removes
 * the owner), a bound on the invitation mails one address receives, and the trail lines of the
 * member events the plugin's own hooks do not see with their actor (removed, left, role changed
 * from → to).
 */

type Body = Record<string, unknown>;

const asBody = (body: unknown): Body =>
  typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Body) : {};

/** A refusal with a catalogue code (plugins/auth.ts answers it as `error: <code>`). */
function catalogued(code: ErrorCode, message?: string) {
  const status = ERROR_CATALOGUE[code].httpStatus;
  const name = status === 404 ? 'NOT_FOUND' : status === 403 ? 'FORBIDDEN' : 'CONFLICT';
  return new APIError(name, { code, message: message ?? ERROR_CATALOGUE[code].description });
}

function parseOrRefuse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new APIError('BAD_REQUEST', {
      code: 'VALIDATION_ERROR',
      message: firstMessage(parsed.error),
    });
  }
  return parsed.data;
}

/** The roles an invitation or a role change may give (the owner is made by the transfer). */
const GRANTABLE: readonly TeamRole[] = ['admin', 'member'];

/** The trail's subject of a role change: whose role, from → to (docs/teams.md › Trail). */
function roleChangeSubject(email: string, before: string | undefined, after: string) {
  return before === undefined ? `${email}: ${after}` : `${email}: ${before} → ${after}`;
}

export interface TeamRulesDependencies {
  teams: TeamService;
  attempts: AttemptThrottle;
}

export function teamRulesPlugin({ teams, attempts }: TeamRulesDependencies) {
  const slugTakenByOther = async (slug: string, except?: string) => {
    const id = await teams.teamIdBySlug(slug);
    return id !== null && id !== except;
  };

  /**
   * A role change's former role, from the before hook to the after hook of the same call (by
   * the member's id; taken out by the after hook whatever the outcome, so it stays small).
   */
  const rolesBefore = new Map<string, string>();
  /**
   * An invitation mail counted by the before hook (by address), until the after hook of the same
   * call knows whether the plugin sent it.
   */
  const mailReservations = new Map<string, () => void>();
  /**
   * A resend of a pending invitation (by team and address), from the before hook to the after
   * hook: the plugin sends the mail again without its invitation hook, so the trail line is ours.
   */
  const resends = new Set<string>();

  return {
    id: 'crawlwise-team-rules',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path?.startsWith('/organization/') ?? false,
          handler: createAuthMiddleware(async (ctx) => {
            const body = asBody(ctx.body);
            /** The caller's role in the team the call is about (its id, or the active team). */
            const callerRole = async (): Promise<{ teamId: string; role: TeamRole | null }> => {
              const session = await getSessionFromCtx(ctx);
              if (!session)
                throw new APIError('UNAUTHORIZED', { message: 'Please sign in first.' });
              const teamId =
                typeof body.organizationId === 'string'
                  ? body.organizationId
                  : (session.session as { activeOrganizationId?: string | null })
                      .activeOrganizationId;
              if (!teamId) throw catalogued('team_not_found');
              const role = await teams.roleOf(teamId, session.user.id);
              if (!role) throw catalogued('team_not_found');
              return { teamId, role };
            };
            switch (ctx.path) {
              case '/organization/create': {
                const name = parseOrRefuse(teamNameSchema, body.name);
                const slug = parseOrRefuse(teamSlugSchema, body.slug);
                if (await slugTakenByOther(slug)) throw catalogued('team_slug_taken');
                return { context: { body: { ...body, name, slug } } };
              }
              case '/organization/check-slug': {
                const slug = parseOrRefuse(teamSlugSchema, body.slug);
                if (await slugTakenByOther(slug)) throw catalogued('team_slug_taken');
                return { context: { body: { ...body, slug } } };
              }
              case '/organization/update': {
                const data = asBody(body.data);
                const { teamId } = await callerRole();
                const changes: Body = { ...data };
                if (data.name !== undefined)
                  changes.name = parseOrRefuse(teamNameSchema, data.name);
                if (data.slug !== undefined) {
                  const slug = parseOrRefuse(teamSlugSchema, data.slug);
                  if (await slugTakenByOther(slug, teamId)) throw catalogued('team_slug_taken');
                  changes.slug = slug;
                }
                return { context: { body: { ...body, organizationId: teamId, data: changes } } };
              }
              case '/organization/invite-member': {
                const { teamId, role } = await callerRole();
                if (role !== 'owner' && role !== 'admin') throw catalogued('team_forbidden');
                const invitedRole = body.role ?? 'member';
                if (!GRANTABLE.includes(invitedRole as TeamRole)) {
                  throw new APIError('BAD_REQUEST', {
                    code: 'VALIDATION_ERROR',
                    message: 'Invite as an admin or a member.',
                  });
                }
                // However many invitations and resends, one inbox gets a handful an hour.
                const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
                const budget = attempts.reserve('invitationMail', email);
                if (!budget.allowed) {
                  throw new APIError('TOO_MANY_REQUESTS', {
                    code: 'TOO_MANY_REQUESTS',
                    message: throttleMessage(budget.retryAfterSeconds),
                  });
                }
                // Given back by the after hook if the plugin then refuses (nothing is mailed).
                mailReservations.set(email, budget.release);
                if (body.resend === true && (await teams.hasPendingInvitation(teamId, email))) {
                  resends.add(`${teamId} ${email}`);
                }
                return {
                  context: { body: { ...body, email, role: invitedRole, organizationId: teamId } },
                };
              }
              case '/organization/remove-member': {
                const { teamId, role } = await callerRole();
                if (role !== 'owner' && role !== 'admin') throw catalogued('team_forbidden');
                // Nobody removes the owner (Better Auth's own refusal speaks of "leaving as the
                // only owner"); the owner transfers the team first.
                const target = typeof body.memberIdOrEmail === 'string' ? body.memberIdOrEmail : '';
                if ((await teams.roleOfMemberRef(teamId, target)) === 'owner')
                  throw catalogued('team_forbidden', 'The owner cannot be removed from the team.');
                return { context: { body: { ...body, organizationId: teamId } } };
              }
              case '/organization/cancel-invitation': {
                // The invitation names its team (not necessarily the caller's active one).
                const invitationId = typeof body.invitationId === 'string' ? body.invitationId : '';
                const teamId = await teams.invitationTeam(invitationId);
                if (teamId === null) return; // Better Auth answers an unknown invitation.
                const session = await getSessionFromCtx(ctx);
                if (!session)
                  throw new APIError('UNAUTHORIZED', { message: 'Please sign in first.' });
                const role = await teams.roleOf(teamId, session.user.id);
                if (!role) throw catalogued('team_not_found');
                if (role !== 'owner' && role !== 'admin') throw catalogued('team_forbidden');
                return;
              }
              case '/organization/update-member-role': {
                const { teamId, role } = await callerRole();
                if (role !== 'owner') throw catalogued('team_forbidden');
                if (!GRANTABLE.includes(body.role as TeamRole)) {
                  throw new APIError('BAD_REQUEST', {
                    code: 'VALIDATION_ERROR',
                    message: 'A member is an admin or a member; transfer the ownership instead.',
                  });
                }
                // The trail says "from → to"; the member row only knows "to" afterwards.
                if (typeof body.memberId === 'string') {
                  const previous = await teams.memberRole(teamId, body.memberId);
                  if (previous) rolesBefore.set(body.memberId, previous);
                }
                return { context: { body: { ...body, organizationId: teamId } } };
              }
              case '/organization/delete': {
                const { role } = await callerRole();
                if (role !== 'owner') throw catalogued('team_forbidden');
                return;
              }
              default:
                return;
            }
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === '/organization/invite-member',
          handler: createAuthMiddleware(async (ctx) => {
            const email = asBody(ctx.body).email;
            const key = typeof email === 'string' ? email.trim().toLowerCase() : '';
            const release = mailReservations.get(key);
            mailReservations.delete(key);
            const returned = ctx.context.returned;
            // Refused by the plugin (already invited, already a member…): no mail went out.
            if (returned instanceof Error) release?.();
            // The before hook put the team's id in the body; taken out whatever the outcome.
            const teamId = asBody(ctx.body).organizationId;
            const resend = typeof teamId === 'string' && resends.delete(`${teamId} ${key}`);
            if (resend && !(returned instanceof Error)) {
              const session = await getSessionFromCtx(ctx);
              await teams.record({
                teamId,
                actorId: session?.user.id ?? null,
                action: 'invitation.resent',
                subject: key,
              });
            }
          }),
        },
        {
          matcher: (ctx) =>
            ctx.path === '/organization/leave' ||
            ctx.path === '/organization/remove-member' ||
            ctx.path === '/organization/update-member-role',
          handler: createAuthMiddleware(async (ctx) => {
            const memberId = asBody(ctx.body).memberId;
            const roleBefore = typeof memberId === 'string' ? rolesBefore.get(memberId) : undefined;
            if (typeof memberId === 'string') rolesBefore.delete(memberId);
            const returned = ctx.context.returned;
            if (returned instanceof Error || typeof returned !== 'object' || returned === null)
              return;
            const value = asBody(returned);
            const member = asBody(
              ctx.path === '/organization/remove-member' ? value.member : value,
            );
            const teamId = member.organizationId;
            const userId = member.userId;
            if (typeof teamId !== 'string' || typeof userId !== 'string') return;
            const session = await getSessionFromCtx(ctx);
            const actorId = session?.user.id ?? null;
            const email = (await teams.emailOf(userId)) ?? userId;
            if (ctx.path !== '/organization/update-member-role') {
              await teams.handOverWatchesOf(teamId, userId);
            }
            if (ctx.path === '/organization/leave') {
              await teams.record({
                teamId,
                actorId: userId,
                action: 'member.left',
                subject: email,
              });
            } else if (ctx.path === '/organization/remove-member') {
              await teams.record({ teamId, actorId, action: 'member.removed', subject: email });
            } else {
              const role = Array.isArray(member.role) ? member.role.join(',') : String(member.role);
              await teams.record({
                teamId,
                actorId,
                action: 'member.role-changed',
                subject: roleChangeSubject(email, roleBefore, role),
              });
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
