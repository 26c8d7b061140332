import type {
  CreateTokenBody,
  CreateTokenResponse,
  TokenListResponse,
} from '@crawlwise/shared/api/tokens';
import { authRequest } from '../../../lib/auth-request.ts';

/** The API token routes (apps/server routes/api-tokens.ts), with the session cookie. */

export function listTokens(signal?: AbortSignal) {
  return authRequest<TokenListResponse>('/api/me/tokens', signal ? { signal } : {});
}

export function createToken(input: CreateTokenBody) {
  return authRequest<CreateTokenResponse>('/api/me/tokens', { body: input });
}

export function revokeToken(id: string) {
  return authRequest<{ ok: true }>(`/api/me/tokens/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}
