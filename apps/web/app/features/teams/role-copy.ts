import type { TeamRole } from '@crawlwise/shared/api/teams';

export const ROLE_LABEL: Record<TeamRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
};

/** What each role may do (issue 21), said where a role is chosen. */
export const ROLE_HINT: Record<TeamRole, string> = {
  owner: 'Everything, including deleting the team and transferring its ownership.',
  admin: 'Invites and removes members, and uses the workspace.',
  member: 'Uses the workspace: reports, site checks, watches, history.',
};

export function roleLabel(role: string): string {
  return role in ROLE_LABEL ? ROLE_LABEL[role as TeamRole] : role;
}

export function formatWhen(when: string): string {
  return new Date(when).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatDay(when: string): string {
  return new Date(when).toLocaleDateString(undefined, { dateStyle: 'medium' });
}
