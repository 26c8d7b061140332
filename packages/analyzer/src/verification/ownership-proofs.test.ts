import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAddressGuard } from '../gather/address-guard.ts';
import { resolverOf } from '../test-support/guard-helpers.ts';
import { type LocalServer, startHttpServer } from '../test-support/local-server.ts';
import { fetchOwnershipProofs } from './ownership-proofs.ts';
import { verificationMetaValues } from './verification-meta.ts';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWx';

/** What the local site serves at / and at the well-known file; changed by each test. */
let home = '<html><head><title>x</title></head><body></body></html>';
let file: { status: number; body: string } = { status: 404, body: 'not here' };

let server: LocalServer;
beforeAll(async () => {
  server = await startHttpServer((req, res) => {
    if (req.url === '/.well-known/crawlwise-verification.txt') {
      res.writeHead(file.status, { 'content-type': 'text/plain' }).end(file.body);
    } else {
      res.writeHead(200, { 'content-type': 'text/html' }).end(home);
    }
  });
});
afterAll(() => server.close());
afterEach(() => vi.restoreAllMocks());

const localGuard = () => createAddressGuard({ allowPrivate: true });

describe('verificationMetaValues', () => {
  it('reads the tag in the head, whatever the case of its name, and ignores the body', () => {
    const html = `<html><head><META NAME="Crawlwise-Site-Verification" content=" one "></head>
      <body><meta name="crawlwise-site-verification" content="two"></body></html>`;
    expect(verificationMetaValues(html)).toEqual(['one']);
  });

  it('finds every tag of a head that has several, and nothing in a page without', () => {
    const html =
      '<meta name="crawlwise-site-verification" content="a"><meta name="crawlwise-site-verification" content="b">';
    expect(verificationMetaValues(html)).toEqual(['a', 'b']);
    expect(verificationMetaValues('<meta name="description" content="a">')).toEqual([]);
  });
});

describe('fetchOwnershipProofs on a local site', () => {
  it('finds the meta tag proof', async () => {
    home = `<html><head><meta name="crawlwise-site-verification" content="${TOKEN}"></head></html>`;
    file = { status: 404, body: 'no' };
    const proofs = await fetchOwnershipProofs(server.url, TOKEN, { guard: localGuard() });
    expect(proofs.meta).toEqual({ kind: 'match' });
    expect(proofs.file).toEqual({ kind: 'unreachable', reason: 'HTTP 404' });
  });

  it('finds the file proof, a trailing newline allowed', async () => {
    home = '<html><head></head></html>';
    file = { status: 200, body: `${TOKEN}\n` };
    const proofs = await fetchOwnershipProofs(server.url, TOKEN, { guard: localGuard() });
    expect(proofs.meta).toEqual({ kind: 'mismatch', found: null });
    expect(proofs.file).toEqual({ kind: 'match' });
  });

  it('says what it found when neither proof holds the token', async () => {
    home =
      '<html><head><meta name="crawlwise-site-verification" content="old-token"></head></html>';
    file = { status: 200, body: 'something else' };
    const proofs = await fetchOwnershipProofs(server.url, TOKEN, { guard: localGuard() });
    expect(proofs.meta).toEqual({ kind: 'mismatch', found: 'old-token' });
    expect(proofs.file).toEqual({ kind: 'mismatch', found: 'something else' });
  });
});

describe('fetchOwnershipProofs and redirects', () => {
  it('counts no proof that another host serves after a redirect', async () => {
    // Two names of the one local server: the site is "site.test", its proofs redirect to "other.test".
    const redirecting = await startHttpServer((req, res) => {
      const host = (req.headers.host ?? '').split(':')[0];
      if (host === 'site.test') {
        res.writeHead(302, { location: `http://other.test:${redirecting.port}${req.url}` }).end();
      } else if (req.url === '/.well-known/crawlwise-verification.txt') {
        res.writeHead(200, { 'content-type': 'text/plain' }).end(TOKEN);
      } else {
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end(`<head><meta name="crawlwise-site-verification" content="${TOKEN}"></head>`);
      }
    });
    try {
      const guard = createAddressGuard({ allowPrivate: true, resolver: resolverOf('127.0.0.1') });
      const proofs = await fetchOwnershipProofs(`http://site.test:${redirecting.port}/`, TOKEN, {
        guard,
      });
      expect(proofs.meta).toEqual({
        kind: 'unreachable',
        reason: 'it redirects to another host, other.test',
      });
      expect(proofs.file.kind).toBe('unreachable');
    } finally {
      await redirecting.close();
    }
  });
});

describe('fetchOwnershipProofs and the address guard', () => {
  it('refuses a site whose name resolves to a private address without any connection', async () => {
    const connect = vi.spyOn(net.Socket.prototype, 'connect').mockImplementation(() => {
      throw new Error('a connection was attempted');
    });
    const resolver = resolverOf('10.0.0.7');
    const proofs = await fetchOwnershipProofs('https://innocent.example/', TOKEN, {
      guard: createAddressGuard({ resolver }),
    });
    expect(proofs.meta.kind).toBe('unreachable');
    expect(proofs.file.kind).toBe('unreachable');
    expect(resolver).toHaveBeenCalledWith('innocent.example');
    expect(connect).not.toHaveBeenCalled();
  });
});
