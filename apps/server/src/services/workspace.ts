import type { TeamRole } from '@crawlwise/shared/api/teams';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors.ts';
import { requesterKey } from './requester.ts';

/**
 * The workspace a request acts in (docs/teams.md › Workspaces): Personal (the account's own
 * items, `team_id is null`) or a team (its items, `team_id = <team>`, whoever made them).
 * plugins/auth.ts resolves it on every request from the session's `activeOrganizationId`
 * together with a membership lookup, so a removed member's next request is refused. Each
 * table's owner module filters by it (reportsOf, siteChecksOf, watchesOf in db/tables/).
 */
export interface Workspace {
  userId: string;
  /** null: Personal. */
  teamId: string | null;
  /** The caller's role in the team (null in Personal). */
  role: TeamRole | null;
}

/** Whose items: the account (Personal) or the team. */
export type WorkspaceOwner = Pick<Workspace, 'userId' | 'teamId'>;

/** An account id alone means its Personal workspace (the services' callers before teams). */
export function asOwner(owner: string | WorkspaceOwner): WorkspaceOwner {
  return typeof owner === 'string' ? { userId: owner, teamId: null } : owner;
}

const teamGoneError = () =>
  new ApiError(
    'team_not_found',
    'You are no longer a member of this team. Switch to another workspace.',
  );

/**
 * The signed-in caller's workspace: 401 for an anonymous caller, 404 `team_not_found` when the
 * session's team is no longer theirs.
 */
export function requireWorkspace(request: FastifyRequest): Workspace {
  if (request.userId === null) {
    throw new ApiError('invalid_request', 'Please sign in first.', { statusCode: 401 });
  }
  if (request.teamGone) throw teamGoneError();
  return { userId: request.userId, teamId: request.teamId, role: request.teamRole };
}

/**
 * For routes anyone may call (a report submission): the team to file the item under, null for
 * Personal or an anonymous caller; a signed-in caller whose team is gone gets `team_not_found`.
 */
export function optionalTeam(request: FastifyRequest): string | null {
  if (request.userId !== null && request.teamGone) throw teamGoneError();
  return request.userId === null ? null : request.teamId;
}

/** The key the daily allowances count a workspace by: the account, or the team (shared). */
export function workspaceRequester(workspace: WorkspaceOwner): string {
  return workspace.teamId === null ? `user:${workspace.userId}` : `team:${workspace.teamId}`;
}

/** A stable lock key for one workspace's creations (limits counted per workspace). */
export function workspaceLockKey(workspace: WorkspaceOwner): string {
  return workspace.teamId === null ? workspace.userId : `team:${workspace.teamId}`;
}

/**
 * Who a report submission counts against: the team when made in a team's workspace (shared by
 * its members), else the account or the client address (services/requester.ts).
 */
export function submissionOwner(request: FastifyRequest): {
  teamId: string | null;
  requesterKey: string;
} {
  const teamId = optionalTeam(request);
  return {
    teamId,
    requesterKey: teamId === null ? requesterKey(request) : `team:${teamId}`,
  };
}
