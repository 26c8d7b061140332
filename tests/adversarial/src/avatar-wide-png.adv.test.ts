import { signUp } from '@crawlwise/server/test-support/accounts';
import { pngBomb } from '@crawlwise/server/test-support/png';
import { buildTestApp } from '@crawlwise/server/test-support/test-app';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 25, item 5: a 25,000,000 × 1 px PNG (a few KB) passed the 25-megapixel rule and cost
 * about 570 MB to decode; eight at once took the server to 2.6 GB. Each side is now bounded
 * before anything is decoded, and decodes take turns.
 */

let app: FastifyInstance;

beforeAll(async () => {
  ({ app } = await buildTestApp());
});

afterAll(async () => {
  await app.close();
});

function avatarUpload(cookie: string, bytes: Buffer) {
  const boundary = '----crawlwiseWidePng';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="wide.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/me/avatar',
    headers: {
      origin: 'http://localhost:80',
      cookie,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
}

describe('a picture that is small on disk and huge decoded', () => {
  it('eight 25,000,000 × 1 PNGs at once are refused without decoding', async () => {
    const wide = pngBomb(25_000_000, 1);
    expect(wide.length).toBeLessThan(100 * 1024);
    const accounts = await Promise.all(Array.from({ length: 8 }, () => signUp(app)));
    const before = process.memoryUsage().rss;
    const answers = await Promise.all(
      accounts.map((account) => avatarUpload(account.cookie, wide)),
    );
    const grown = process.memoryUsage().rss - before;
    for (const answer of answers) {
      expect(answer.statusCode).toBe(422);
      expect(answer.json()).toMatchObject({ ok: false, error: 'invalid_request' });
    }
    // Decoding even one would take about 570 MB.
    expect(grown).toBeLessThan(150 * 1024 * 1024);
  });
});
