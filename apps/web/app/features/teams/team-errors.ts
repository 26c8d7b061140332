import { catalogueEntry, type ErrorCode, isErrorCode } from '@crawlwise/shared/error-catalogue';
import type { ApiResult } from '../../lib/api-client.ts';
import type { AuthResult } from '../../lib/auth-request.ts';

/**
 * Better Auth's organization plugin answers with its own codes (ORGANIZATION_NOT_FOUND, …); the
 * screens show the catalogue's entries (team_not_found, team_forbidden, team_slug_taken), so its
 * codes are read here as the catalogue's. A code the server already words in the catalogue is
 * kept as it is.
 */
const PLUGIN_CODES: Record<string, ErrorCode> = {
  ORGANIZATION_SLUG_ALREADY_TAKEN: 'team_slug_taken',
  ORGANIZATION_ALREADY_EXISTS: 'team_slug_taken',
  ORGANIZATION_NOT_FOUND: 'team_not_found',
  USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION: 'team_not_found',
  YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION: 'team_not_found',
  MEMBER_NOT_FOUND: 'team_not_found',
};

/** Plugin refusals whose own wording speaks of "organizations": said in the product's words. */
const PLUGIN_MESSAGES: Record<string, string> = {
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER:
    'You are the only owner of this team: transfer the ownership to a member, or delete the team.',
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER:
    'A team needs an owner: transfer the ownership to a member first.',
  USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION: 'This person is already a member of the team.',
  USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION:
    'This address already has an invitation. Use Resend to send it again.',
  ORGANIZATION_MEMBERSHIP_LIMIT_REACHED: 'The team has as many members as it can have.',
  INVITATION_LIMIT_REACHED: 'The team has as many open invitations as it can have.',
};

export interface TeamFailure {
  code: ErrorCode;
  /** The wording to show, when it is more precise than the catalogue's description. */
  message?: string;
}

/** A failed teams call in catalogue terms. */
export function teamFailure(result: Extract<AuthResult<unknown>, { ok: false }>): TeamFailure {
  const raw = result.code;
  if (raw !== undefined && isErrorCode(raw)) {
    return { code: raw, ...(result.message ? { message: result.message } : {}) };
  }
  if (result.status === 0) return { code: 'network_error' };
  if (raw !== undefined && PLUGIN_CODES[raw]) return { code: PLUGIN_CODES[raw] };
  if (raw !== undefined && PLUGIN_MESSAGES[raw]) {
    return { code: 'team_forbidden', message: PLUGIN_MESSAGES[raw] };
  }
  if (raw?.startsWith('YOU_ARE_NOT_ALLOWED') || result.status === 403) {
    return { code: 'team_forbidden' };
  }
  if (result.status === 429) return { code: 'too_many_requests' };
  if (result.status >= 500) return { code: 'internal_error' };
  return { code: 'unknown_error', ...(result.message ? { message: result.message } : {}) };
}

/** The same, in the API client's shape, for screens that load through useApiQuery. */
export function asTeamResult<T>(result: AuthResult<T>): ApiResult<T> {
  if (result.ok) return { ok: true, status: 200, data: result.data };
  const failure = teamFailure(result);
  return {
    ok: false,
    status: result.status,
    code: failure.code,
    ...(failure.message ? { message: failure.message } : {}),
  };
}

/** What to say about a failed action: the precise wording, else the catalogue's description. */
export function failureText(failure: TeamFailure): string {
  return failure.message ?? catalogueEntry(failure.code).description;
}
