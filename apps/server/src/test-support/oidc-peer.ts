import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on 127.0.0.1 for the sign-in
 * tests: one confidential client, PKCE required, and an interaction step that signs the test
 * user in and grants the scopes at once (what a person would do on the provider's pages).
 */

export interface OidcPeer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Authorization requests the provider received (query parameters). */
  authorizations: URLSearchParams[];
  close(): Promise<void>;
}

export const OIDC_USER = {
  accountId: 'alice-123',
  email: 'alice.oidc@example.com',
  name: 'Alice Example',
};

export async function startOidcPeer(redirectUri: string): Promise<OidcPeer> {
  const { default: Provider } = await import('oidc-provider');
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'crawlwise-test';
  const clientSecret = 'crawlwise-test-client-secret-0123456789';
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = {
    ...privateKey.export({ format: 'jwk' }),
    use: 'sig',
    alg: 'RS256',
    kid: 'test',
  };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: ['crawlwise-oidc-test-cookie-key'] },
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    findAccount: async (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: async () => ({
        sub,
        email: OIDC_USER.email,
        email_verified: true,
        name: OIDC_USER.name,
      }),
    }),
  });
  const authorizations: URLSearchParams[] = [];
  const callback = provider.callback();
  server.on('request', (request, response) => {
    const url = new URL(request.url ?? '/', issuer);
    if (url.pathname.startsWith('/interaction/')) {
      void finishInteraction(provider, request, response);
      return;
    }
    if (url.pathname === '/auth') authorizations.push(url.searchParams);
    callback(request, response);
  });
  return {
    issuer,
    clientId,
    clientSecret,
    authorizations,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// oidc-provider's types are loose here: the Provider instance is used through three calls only.
type ProviderLike = {
  interactionDetails(
    req: http.IncomingMessage,
    res: http.ServerResponse,
  ): Promise<{
    params: Record<string, unknown>;
  }>;
  interactionFinished(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    result: Record<string, unknown>,
  ): Promise<void>;
  Grant: new (options: {
    accountId: string;
    clientId: string;
  }) => {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  };
};

/** The person at the provider signs in as the test user and grants what the client asked. */
async function finishInteraction(
  provider: unknown,
  request: http.IncomingMessage,
  response: http.ServerResponse,
): Promise<void> {
  const peer = provider as ProviderLike;
  try {
    const details = await peer.interactionDetails(request, response);
    const grant = new peer.Grant({
      accountId: OIDC_USER.accountId,
      clientId: String(details.params.client_id),
    });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await peer.interactionFinished(request, response, {
      login: { accountId: OIDC_USER.accountId },
      consent: { grantId },
    });
  } catch (error) {
    response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
  }
}
