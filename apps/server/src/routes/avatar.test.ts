import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { avatars } from '../db/schema.ts';
import { sniffImageType } from '../services/avatar-service.ts';
import { ORIGIN, sessionUser, signUp } from '../test-support/accounts.ts';
import { pngBomb } from '../test-support/png.ts';
import { buildTestApp } from '../test-support/test-app.ts';

/**
 * Avatar upload through the real route and database: the type comes from the bytes, 2 MB is
 * enforced while the upload streams, a decompression bomb is refused before decoding, and what
 * is stored is re-encoded without the original's metadata.
 */

let app: FastifyInstance;
let database: Database;

beforeAll(async () => {
  ({ app, database } = await buildTestApp());
});

afterAll(async () => {
  await app.close();
});

function multipartBody(filename: string, type: string, bytes: Buffer) {
  const boundary = `----crawlwise${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="${filename}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

function upload(cookie: string, filename: string, type: string, bytes: Buffer) {
  const body = multipartBody(filename, type, bytes);
  return app.inject({
    method: 'POST',
    url: '/api/me/avatar',
    headers: { origin: ORIGIN, cookie, 'content-type': body.contentType },
    payload: body.payload,
  });
}

const picture = (format: 'png' | 'jpeg' | 'webp', width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: '#2a7' } })
    .toFormat(format)
    .toBuffer();

/** A JPEG carrying a camera make and a GPS position in its EXIF block. */
const jpegWithGps = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#c33' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Pocket 3' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2400/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 0/1',
      },
    })
    .toBuffer();

/** The GPS IFD pointer tag (0x8825), in either byte order. */
const hasGpsTag = (exif: Buffer | undefined) =>
  !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));

describe('POST /api/me/avatar', () => {
  it('stores a re-encoded picture without EXIF or GPS, and serves it with cache headers', async () => {
    const account = await signUp(app);
    const original = await jpegWithGps();
    const originalMeta = await sharp(original).metadata();
    expect(hasGpsTag(originalMeta.exif)).toBe(true);

    const response = await upload(account.cookie, 'holiday.jpg', 'image/jpeg', original);
    expect(response.statusCode).toBe(200);
    const avatarUrl = response.json().avatarUrl as string;
    expect(avatarUrl).toMatch(/^\/api\/avatars\/[A-Za-z0-9_-]{43}$/);
    expect(await sessionUser(app, account.cookie)).toMatchObject({ image: avatarUrl });

    const served = await app.inject({ method: 'GET', url: avatarUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const stored = await sharp(served.rawPayload).metadata();
    expect(stored.format).toBe('webp');
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(stored.icc).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('TestCam'))).toBe(false);
    expect(Math.max(stored.width ?? 0, stored.height ?? 0)).toBeLessThanOrEqual(512);

    const revalidated = await app.inject({
      method: 'GET',
      url: avatarUrl,
      headers: { 'if-none-match': served.headers.etag as string },
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('replaces the previous picture: one row per account, the old address answers 404', async () => {
    const account = await signUp(app);
    const first = (await upload(account.cookie, 'a.png', 'image/png', await picture('png'))).json();
    const second = await upload(account.cookie, 'b.webp', 'image/webp', await picture('webp'));
    expect(second.statusCode).toBe(200);
    expect(second.json().avatarUrl).not.toBe(first.avatarUrl);
    expect((await app.inject({ method: 'GET', url: first.avatarUrl })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: second.json().avatarUrl })).statusCode).toBe(
      200,
    );
    const rows = await database.db
      .select({ key: avatars.key })
      .from(avatars)
      .where(eq(avatars.userId, account.userId));
    expect(rows).toHaveLength(1);
  });

  it('decides the type by the bytes: an HTML file named .png is refused', async () => {
    const account = await signUp(app);
    const html = Buffer.from('<!doctype html><html><script>alert(1)</script></html>');
    const response = await upload(account.cookie, 'avatar.png', 'image/png', html);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({
      ok: false,
      error: 'invalid_request',
      message: 'Please upload a JPG, PNG, or WEBP image',
    });
    // A real PNG sent as "image/gif" is a PNG.
    const png = await upload(account.cookie, 'x.gif', 'image/gif', await picture('png', 40, 40));
    expect(png.statusCode).toBe(200);
  });

  it('stops a 3 MB upload at 2 MB with 413', async () => {
    const account = await signUp(app);
    const big = Buffer.concat([await picture('png', 100, 100), randomBytes(3 * 1024 * 1024)]);
    const response = await upload(account.cookie, 'big.png', 'image/png', big);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ message: 'Please upload an image smaller than 2MB' });
    expect(await sessionUser(app, account.cookie)).toMatchObject({ image: null });
  });

  it('refuses a 20000 × 20000 PNG before decoding it', async () => {
    const account = await signUp(app);
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const before = process.memoryUsage().rss;
    const started = performance.now();
    const response = await upload(account.cookie, 'bomb.png', 'image/png', bomb);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toMatch(/too large in pixels/);
    expect(performance.now() - started).toBeLessThan(2000);
    // Decoding it would take over a gigabyte.
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });

  it('refuses a 25,000,000 × 1 PNG, within 25 megapixels but far too long a side', async () => {
    const account = await signUp(app);
    const response = await upload(account.cookie, 'wide.png', 'image/png', pngBomb(25_000_000, 1));
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toMatch(/10,000 pixels a side/);
  });

  it('needs a session, a file, and multipart', async () => {
    const anonymous = multipartBody('a.png', 'image/png', await picture('png', 10, 10));
    const refused = await app.inject({
      method: 'POST',
      url: '/api/me/avatar',
      headers: { origin: ORIGIN, 'content-type': anonymous.contentType },
      payload: anonymous.payload,
    });
    expect(refused.statusCode).toBe(401);
    const account = await signUp(app);
    const json = await app.inject({
      method: 'POST',
      url: '/api/me/avatar',
      headers: { origin: ORIGIN, cookie: account.cookie },
      payload: { avatar: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect((await app.inject({ method: 'GET', url: '/api/avatars/nope' })).statusCode).toBe(404);
  });
});

describe('sniffImageType', () => {
  it('reads the signatures of the three accepted types only', async () => {
    expect(sniffImageType(await picture('jpeg', 4, 4))).toBe('image/jpeg');
    expect(sniffImageType(await picture('png', 4, 4))).toBe('image/png');
    expect(sniffImageType(await picture('webp', 4, 4))).toBe('image/webp');
    expect(sniffImageType(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffImageType(Buffer.from('RIFF1234WAVE'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});
