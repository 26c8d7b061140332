import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, cookieHeader, sessionUser } from '../test-support/accounts.ts';
import { OIDC_USER, type OidcPeer, startOidcPeer } from '../test-support/oidc-peer.ts';
import { buildTestApp } from '../test-support/test-app.ts';

/**
 * Third-party sign-in against a real OpenID Connect provider on 127.0.0.1 (oidc-provider):
 * authorization code with PKCE and state, back to the site root with a session; a forged state
 * or a replayed callback (its code already used) is refused. Google is checked up to the
 * redirect (no network is needed to build it).
 */

const PUBLIC_URL = 'http://localhost';
const REDIRECT_URI = `${PUBLIC_URL}/api/auth/callback/oidc`;

let peer: OidcPeer;
let app: FastifyInstance;

beforeAll(async () => {
  peer = await startOidcPeer(REDIRECT_URI);
  ({ app } = await buildTestApp({
    PUBLIC_URL,
    OIDC_ISSUER: peer.issuer,
    OIDC_CLIENT_ID: peer.clientId,
    OIDC_CLIENT_SECRET: peer.clientSecret,
    OIDC_NAME: 'Test SSO',
    GOOGLE_CLIENT_ID: 'google-client-id.apps.example',
    GOOGLE_CLIENT_SECRET: 'google-secret',
  }));
});

afterAll(async () => {
  await app?.close();
  await peer?.close();
});

/** Cookies of one site, as a browser keeps them between redirects. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(setCookie: string | string[] | null | undefined): void {
    const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
    for (const cookie of all) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === '' || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** Starts the sign-in at our server: the provider's authorization URL, and our cookies. */
async function startSignIn(): Promise<{ authorizeUrl: URL; ours: CookieJar }> {
  const ours = new CookieJar();
  const started = await call(app, 'POST', '/api/auth/sign-in/social', {
    payload: { provider: 'oidc', callbackURL: '/', errorCallbackURL: '/auth?provider=oidc' },
  });
  expect(started.statusCode).toBe(200);
  ours.store(started.headers['set-cookie']);
  return { authorizeUrl: new URL(started.json().url), ours };
}

/** The person at the provider: follows its redirects until it sends them back to us. */
async function throughProvider(authorizeUrl: URL): Promise<URL> {
  const theirs = new CookieJar();
  let next = authorizeUrl;
  for (let hop = 0; hop < 10; hop++) {
    const response = await fetch(next, {
      redirect: 'manual',
      headers: { cookie: theirs.header() },
    });
    theirs.store(response.headers.getSetCookie());
    const location = response.headers.get('location');
    if (!location)
      throw new Error(`provider stopped at ${next}: ${response.status} ${await response.text()}`);
    next = new URL(location, next);
    if (next.href.startsWith(REDIRECT_URI)) return next;
  }
  throw new Error('too many provider redirects');
}

function callback(url: URL, ours: CookieJar): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    headers: { cookie: ours.header() },
  });
}

describe('OpenID Connect sign-in', () => {
  it('lists the configured providers for the /auth buttons', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/auth-providers' });
    expect(response.json()).toEqual({
      providers: [
        { id: 'google', name: 'Google' },
        { id: 'oidc', name: 'Test SSO' },
      ],
    });
    const { app: bare } = await buildTestApp();
    try {
      expect((await bare.inject({ method: 'GET', url: '/api/auth-providers' })).json()).toEqual({
        providers: [],
      });
    } finally {
      await bare.close();
    }
  });

  it('completes code + PKCE + state and returns to / signed in', async () => {
    const { authorizeUrl, ours } = await startSignIn();
    expect(authorizeUrl.origin).toBe(peer.issuer);
    expect(authorizeUrl.searchParams.get('response_type')).toBe('code');
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizeUrl.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorizeUrl.searchParams.get('state')).toBeTruthy();

    const back = await throughProvider(authorizeUrl);
    expect(back.searchParams.get('code')).toBeTruthy();
    const landed = await callback(back, ours);
    expect(landed.statusCode).toBe(302);
    expect(landed.headers.location).toBe('/');
    const cookie = cookieHeader(landed.headers['set-cookie']);
    expect(await sessionUser(app, cookie)).toMatchObject({
      email: OIDC_USER.email,
      name: OIDC_USER.name,
      emailVerified: true,
      image: null,
    });

    // The same callback again: its state is spent and its code already used.
    const replayed = await callback(back, ours);
    expect(replayed.statusCode).toBe(302);
    // An error without a known flow lands on the /auth screen too, which says sign-in failed.
    expect(replayed.headers.location).toMatch(/^http:\/\/localhost\/auth\?error=state_mismatch/);
    expect(cookieHeader(replayed.headers['set-cookie'])).not.toMatch(/session_token=[^;]/);

    // A new, genuine flow (its own state and PKCE verifier) carrying the used code: the
    // provider refuses the code itself.
    const second = await startSignIn();
    const secondBack = await throughProvider(second.authorizeUrl);
    const reused = new URL(secondBack);
    reused.searchParams.set('code', back.searchParams.get('code') ?? '');
    const refused = await callback(reused, second.ours);
    expect(refused.headers.location).toBe('/auth?provider=oidc&error=invalid_code');
    expect(cookieHeader(refused.headers['set-cookie'])).not.toMatch(/session_token=[^;]/);
  });

  it('refuses a callback whose state was not issued to this browser', async () => {
    const { authorizeUrl, ours } = await startSignIn();
    const back = await throughProvider(authorizeUrl);
    const forged = new URL(back);
    forged.searchParams.set('state', 'forged-state-value');
    const refused = await callback(forged, ours);
    expect(refused.statusCode).toBe(302);
    expect(refused.headers.location).toMatch(/error=/);
    expect(cookieHeader(refused.headers['set-cookie'])).not.toMatch(/session_token=[^;]/);

    // Without the browser's own cookies, the genuine state does not work either.
    const stranger = await callback(back, new CookieJar());
    expect(stranger.headers.location).toMatch(/error=/);
    expect(cookieHeader(stranger.headers['set-cookie'])).not.toMatch(/session_token=[^;]/);
  });

  it('sends Google sign-in to Google with PKCE and state, coming back to our callback', async () => {
    const started = await call(app, 'POST', '/api/auth/sign-in/social', {
      payload: { provider: 'google', callbackURL: '/' },
    });
    expect(started.statusCode).toBe(200);
    const url = new URL(started.json().url);
    expect(url.origin).toBe('https://accounts.google.com');
    expect(url.searchParams.get('client_id')).toBe('google-client-id.apps.example');
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/auth/callback/google`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toBeTruthy();
  });
});
