import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Handler, type LocalServer, startHttpServer } from '../test-support/local-server.ts';
import { createAddressGuard } from './address-guard.ts';
import { FAVICON_MAX_BYTES, faviconUrlOf, fetchFavicon, imageFormat } from './favicon.ts';

const guard = createAddressGuard({ allowPrivate: true });
let server: LocalServer;
let handler: Handler;
const hits: string[] = [];

beforeAll(async () => {
  server = await startHttpServer((req, res) => {
    hits.push(req.url ?? '');
    handler(req, res);
  });
});
afterAll(() => server.close());
beforeEach(() => {
  hits.length = 0;
  handler = (_req, res) => res.writeHead(404).end();
});

const page = () => `${server.origin}/shop/table?id=1`;
const ICO_BYTES = Buffer.from([0, 0, 1, 0, 1, 0, 16, 16, 0, 0]);

describe('fetchFavicon', () => {
  it('asks for /favicon.ico of the page origin and recognises an icon by its bytes', async () => {
    handler = (_req, res) =>
      res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(ICO_BYTES);
    const file = await fetchFavicon(page(), { guard });
    expect(hits).toEqual(['/favicon.ico']);
    expect(file).toEqual({
      url: `${server.origin}/favicon.ico`,
      status: 'image',
      httpStatus: 200,
      contentType: 'application/octet-stream',
      format: 'ico',
    });
  });

  it('follows a redirect to the icon', async () => {
    handler = (req, res) => {
      if (req.url === '/favicon.ico') res.writeHead(301, { location: '/static/icon.png' }).end();
      else
        res
          .writeHead(200, { 'content-type': 'image/png' })
          .end(Buffer.from('\x89PNG\r\n', 'latin1'));
    };
    const file = await fetchFavicon(page(), { guard });
    expect(file).toMatchObject({
      status: 'image',
      format: 'png',
      finalUrl: `${server.origin}/static/icon.png`,
    });
  });

  it('tells a 404, an HTML catch-all page and a 503 apart', async () => {
    expect(await fetchFavicon(page(), { guard })).toMatchObject({
      status: 'missing',
      httpStatus: 404,
    });
    handler = (_req, res) =>
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><html><body><svg></svg></body></html>');
    expect(await fetchFavicon(page(), { guard })).toMatchObject({
      status: 'not-image',
      contentType: 'text/html',
      format: null,
    });
    handler = (_req, res) => res.writeHead(503).end();
    expect(await fetchFavicon(page(), { guard })).toMatchObject({
      status: 'unreachable',
      detail: 'HTTP 503',
    });
  });

  it('reads at most its byte limit of an endless answer', async () => {
    let written = 0;
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      const chunk = Buffer.alloc(64 * 1024, 0x41);
      const pump = () => {
        while (written < 64 * 1024 * 1024 && res.write(chunk)) written += chunk.length;
        if (written < 64 * 1024 * 1024) res.once('drain', pump);
        else res.end();
      };
      pump();
    };
    const file = await fetchFavicon(page(), { guard });
    expect(file.status).toBe('image');
    expect(written).toBeLessThan(64 * 1024 * 1024);
    expect(FAVICON_MAX_BYTES).toBeLessThanOrEqual(4096);
  });

  it('goes through the address guard: a refused address is never contacted', async () => {
    const file = await fetchFavicon(page(), { guard: createAddressGuard({ allowPrivate: false }) });
    expect(file.status).toBe('unreachable');
    expect(hits).toEqual([]);
  });

  it('has no address for a page URL that is not one', () => {
    expect(faviconUrlOf('not a url')).toBeNull();
  });
});

describe('imageFormat', () => {
  it('recognises the formats icons come in, and not an HTML page', () => {
    expect(imageFormat(ICO_BYTES)).toBe('ico');
    expect(imageFormat(Buffer.from('GIF89a'))).toBe('gif');
    expect(imageFormat(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(imageFormat(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(imageFormat(Buffer.from('\0\0\0\x1cftypavif'))).toBe('avif');
    expect(imageFormat(Buffer.from('<?xml version="1.0"?>\n<svg xmlns="x">'))).toBe('svg');
    expect(imageFormat(Buffer.from('<html><svg></svg></html>'))).toBeNull();
    expect(imageFormat(Buffer.from('plain text'))).toBeNull();
  });
});
