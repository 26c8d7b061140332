import { z } from 'zod';
import { instantSchema } from './contract.ts';

/**
 * Teams (issue 21, docs/teams.md). Better Auth's organization plugin answers
 * `/api/auth/organization/*` (create, invite-member, list-user-invitations, accept-invitation,
 * reject-invitation, set-active, list-members, remove-member, update-member-role, leave, delete,
 * get-full-organization, cancel-invitation, …): a team is its organization, the active workspace
 * is the session's `activeOrganizationId` (null = Personal). What the plugin lacks lives under
 * `/api/teams/*` and is declared here: the activity trail and the ownership transfer.
 */

export const TEAM_ROLES = ['owner', 'admin', 'member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** An invitation's accept link is valid this long (resend makes a new one). */
export const INVITATION_VALID_DAYS = 7;

export const TEAM_NAME_MAX = 80;
export const TEAM_SLUG_MIN = 3;
export const TEAM_SLUG_MAX = 40;
/** A team's address: lower-case letters, digits and inner hyphens. */
export const TEAM_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/** A team's name as the create and rename forms accept it (trimmed, 1-80 characters). */
export const teamNameSchema = z
  .string()
  .trim()
  .min(1, 'Please enter a team name.')
  .max(TEAM_NAME_MAX, `A team name has at most ${TEAM_NAME_MAX} characters.`);

/** A team's address (slug). */
export const teamSlugSchema = z
  .string()
  .trim()
  .min(TEAM_SLUG_MIN, `A team address has at least ${TEAM_SLUG_MIN} characters.`)
  .max(TEAM_SLUG_MAX, `A team address has at most ${TEAM_SLUG_MAX} characters.`)
  .regex(
    TEAM_SLUG_PATTERN,
    'Use lower-case letters, digits and hyphens (not at the start or end).',
  );

/** A slug suggested from a name ("Acme Web Team" → "acme-web-team"); the form lets it be edited. */
export function suggestTeamSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, TEAM_SLUG_MAX)
    .replace(/-+$/g, '');
}

/** What the trail records: who ran what, and changes to the team itself. */
export const TEAM_ACTIONS = [
  'team.created',
  'report.created',
  'site-check.created',
  'watch.created',
  'watch.deleted',
  'member.invited',
  'invitation.cancelled',
  'invitation.resent',
  'member.joined',
  'member.removed',
  'member.left',
  'member.role-changed',
  'ownership.transferred',
] as const;
export type TeamAction = (typeof TEAM_ACTIONS)[number];

/** The most recent actions a team page shows (issue 21: the last 100). */
export const TEAM_ACTIVITY_LIMIT = 100;

export const teamActivityEntrySchema = z.object({
  id: z.string(),
  at: instantSchema,
  /** Who acted; null once that account is deleted. */
  actor: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  action: z.enum(TEAM_ACTIONS),
  /** What the action was about, as it read then: an address, a member's email, a role. */
  subject: z.string(),
  /** Where the subject can be opened (a report's or site check's page), when it still exists. */
  href: z.string().nullable(),
});
export type TeamActivityEntry = z.infer<typeof teamActivityEntrySchema>;

/** `GET /api/teams/:teamId/activity`: the newest 100 actions, newest first (members only). */
export const teamActivityResponseSchema = z.object({
  ok: z.literal(true),
  activity: z.array(teamActivityEntrySchema).max(TEAM_ACTIVITY_LIMIT),
});
export type TeamActivityResponse = z.infer<typeof teamActivityResponseSchema>;

export const teamIdParamsSchema = z.object({ teamId: z.string().describe('The team id') });

/** `POST /api/teams/:teamId/transfer-ownership` (owner only): the member who becomes owner. */
export const transferOwnershipBodySchema = z.object({
  userId: z.string().min(1).describe('The account id of a member of the team'),
});
export type TransferOwnershipBody = z.infer<typeof transferOwnershipBodySchema>;

/** The former owner stays in the team as an admin. */
export const transferOwnershipResponseSchema = z.object({ ok: z.literal(true) });
