import type {
  TeamActivityResponse,
  TeamRole,
  TransferOwnershipBody,
} from '@crawlwise/shared/api/teams';
import { type ApiResult, apiRequest } from '../../../lib/api-client.ts';
import { type AuthResult, authRequest } from '../../../lib/auth-request.ts';

/**
 * The teams API (issue 21, docs/teams.md). A team is Better Auth's organization: its routes under
 * /api/auth/organization/* go through the account API's fetch wrapper (authRequest, like the auth
 * feature); what the plugin lacks (the activity trail, the ownership transfer) is ours, typed by
 * the shared contract (packages/shared/src/api/teams.ts) and called through the API client.
 */

const ORG = '/api/auth/organization';

/** A team as the plugin lists it. */
export interface Team {
  id: string;
  name: string;
  slug: string;
  createdAt: string;
}

export interface TeamMember {
  /** The membership's id (remove-member and update-member-role take this). */
  id: string;
  userId: string;
  role: TeamRole;
  createdAt: string;
  user: { id: string; name: string; email: string; image?: string | null };
}

export type InvitationStatus = 'pending' | 'accepted' | 'rejected' | 'canceled';

export interface TeamInvitation {
  id: string;
  email: string;
  role: TeamRole;
  organizationId: string;
  inviterId: string;
  status: InvitationStatus;
  expiresAt: string;
  createdAt?: string;
}

/** get-full-organization: the team with its members (and their accounts) and invitations. */
export interface FullTeam extends Team {
  members: TeamMember[];
  invitations: TeamInvitation[];
}

/** An invitation as its invitee reads it (get-invitation). */
export interface InvitationDetails extends TeamInvitation {
  organizationName: string;
  organizationSlug: string;
  inviterEmail: string;
}

/** An invitation in the invitee's own list (list-user-invitations). */
export interface UserInvitation extends TeamInvitation {
  organizationName?: string;
}

type Signal = { signal?: AbortSignal };
const withSignal = (signal?: AbortSignal): Signal => (signal ? { signal } : {});

export function listTeams(signal?: AbortSignal) {
  return authRequest<Team[]>(`${ORG}/list`, withSignal(signal));
}

export function createTeam(body: { name: string; slug: string }) {
  return authRequest<Team>(`${ORG}/create`, { body });
}

export function fetchTeam(slug: string, signal?: AbortSignal) {
  return authRequest<FullTeam | null>(
    `${ORG}/get-full-organization?organizationSlug=${encodeURIComponent(slug)}`,
    withSignal(signal),
  );
}

/** The account's role in one team. */
export function fetchMyRole(teamId: string, signal?: AbortSignal) {
  return authRequest<{ role: TeamRole }>(
    `${ORG}/get-active-member-role?organizationId=${encodeURIComponent(teamId)}`,
    withSignal(signal),
  );
}

/** The workspace the session works in: a team's id, or null for Personal. */
export function setActiveTeam(teamId: string | null) {
  return authRequest<Team | null>(`${ORG}/set-active`, { body: { organizationId: teamId } });
}

export function inviteMember(body: {
  email: string;
  role: TeamRole;
  organizationId: string;
  resend?: boolean;
}) {
  return authRequest<TeamInvitation>(`${ORG}/invite-member`, { body });
}

export function cancelInvitation(invitationId: string) {
  return authRequest<TeamInvitation>(`${ORG}/cancel-invitation`, { body: { invitationId } });
}

export function fetchInvitation(id: string, signal?: AbortSignal) {
  return authRequest<InvitationDetails>(
    `${ORG}/get-invitation?id=${encodeURIComponent(id)}`,
    withSignal(signal),
  );
}

export function listMyInvitations(signal?: AbortSignal) {
  return authRequest<UserInvitation[]>(`${ORG}/list-user-invitations`, withSignal(signal));
}

export function acceptInvitation(invitationId: string) {
  return authRequest<{ invitation: TeamInvitation; member: TeamMember }>(
    `${ORG}/accept-invitation`,
    { body: { invitationId } },
  );
}

export function rejectInvitation(invitationId: string) {
  return authRequest<{ invitation: TeamInvitation }>(`${ORG}/reject-invitation`, {
    body: { invitationId },
  });
}

export function removeMember(organizationId: string, memberId: string) {
  return authRequest<{ member: TeamMember }>(`${ORG}/remove-member`, {
    body: { memberIdOrEmail: memberId, organizationId },
  });
}

export function updateMemberRole(organizationId: string, memberId: string, role: TeamRole) {
  return authRequest<TeamMember>(`${ORG}/update-member-role`, {
    body: { memberId, role, organizationId },
  });
}

export function leaveTeam(organizationId: string) {
  return authRequest<TeamMember>(`${ORG}/leave`, { body: { organizationId } });
}

export function deleteTeam(organizationId: string) {
  return authRequest<Team>(`${ORG}/delete`, { body: { organizationId } });
}

export function fetchTeamActivity(
  teamId: string,
  signal?: AbortSignal,
): Promise<ApiResult<TeamActivityResponse>> {
  return apiRequest<TeamActivityResponse>(
    `/api/teams/${encodeURIComponent(teamId)}/activity`,
    withSignal(signal),
  );
}

export function transferOwnership(teamId: string, body: TransferOwnershipBody) {
  return apiRequest<{ ok: true }>(`/api/teams/${encodeURIComponent(teamId)}/transfer-ownership`, {
    method: 'POST',
    body,
  });
}

export type { AuthResult };
