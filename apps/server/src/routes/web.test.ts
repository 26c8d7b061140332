import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test-support/test-app.ts';

/** A miniature web build with the layout React Router produces (see packages/shared/src/routes.ts). */
function fakeWebBuild(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'crawlwise-web-'));
  const write = (file: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), content);
  };
  write('index.html', '<h1>home page</h1>');
  write('features/index.html', '<h1>features page</h1>');
  write('features/word-count/index.html', '<h1>word count page</h1>');
  write('404/index.html', '<h1>Oops! Page not found</h1>');
  write('__spa-fallback.html', '<div id="spa-shell"></div>');
  write('assets/app-abc123.js', 'console.log(1)');
  return root;
}

let app: FastifyInstance;
let root: string;

beforeAll(async () => {
  root = fakeWebBuild();
  ({ app } = await buildTestApp({ WEB_DIST_DIR: root }));
});

afterAll(async () => {
  await app.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('serving the web build', () => {
  it.each([
    ['/', 'home page'],
    ['/features', 'features page'],
    ['/features/', 'features page'],
    ['/features/word-count', 'word count page'],
  ])('serves the prerendered page for %s', async (url, text) => {
    const response = await app.inject(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain(text);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/report', '/report?token=abc', '/auth', '/profile'])(
    'serves the SPA shell for the client-only screen %s',
    async (url) => {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('spa-shell');
    },
  );

  it.each(['/no-such-page', '/features/bogus', '/404', '/features/word-count/extra'])(
    'answers %s with HTTP 404 and the 404 page',
    async (url) => {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('Oops! Page not found');
    },
  );

  it('serves hashed assets with long caching', async () => {
    const response = await app.inject('/assets/app-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('answers unknown API routes with JSON, not the 404 page', async () => {
    const response = await app.inject('/api/nothing');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ ok: false, error: 'invalid_request' });
  });
});
