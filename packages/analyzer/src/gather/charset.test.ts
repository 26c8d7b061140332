import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: no type declarations (as in charset.ts)
import whatwgEncodingUntyped from 'whatwg-encoding';
import { type Handler, type LocalServer, startHttpServer } from '../test-support/local-server.ts';
import { createAddressGuard } from './address-guard.ts';
import { decodeHtml, parseContentType } from './charset.ts';
import { fetchPage } from './fetch-page.ts';

const guard = createAddressGuard({ allowPrivate: true });
const routes = new Map<string, Handler>();
let server: LocalServer;

beforeAll(async () => {
  server = await startHttpServer((req, res) => routes.get(req.url ?? '')?.(req, res));
});
afterAll(() => server.close());

function serve(path: string, contentType: string, body: Buffer): string {
  routes.set(path, (_req, res) => res.writeHead(200, { 'content-type': contentType }).end(body));
  return `${server.origin}${path}`;
}

const latin1 = (text: string) => Buffer.from(text, 'latin1');

describe('charset detection through fetchPage', () => {
  it('prefers the BOM over the header', async () => {
    const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<p>Grüße')]);
    const page = await fetchPage(serve('/bom', 'text/html; charset=windows-1252', body), { guard });
    expect(page).toMatchObject({ charset: 'UTF-8', html: '<p>Grüße', byteOrderMark: true });
  });

  it('reads a UTF-16LE BOM', async () => {
    const body = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<p>€', 'utf16le')]);
    const page = await fetchPage(serve('/utf16', 'text/html', body), { guard });
    expect(page).toMatchObject({ charset: 'UTF-16LE', html: '<p>€', byteOrderMark: true });
  });

  it('uses the header charset over a meta tag', async () => {
    const body = latin1('<meta charset="utf-8"><p>caf\u00e9');
    const page = await fetchPage(serve('/header', 'text/html; charset="ISO-8859-1"', body), {
      guard,
    });
    // WHATWG maps the latin1 labels to windows-1252.
    expect(page).toMatchObject({
      charset: 'windows-1252',
      html: '<meta charset="utf-8"><p>café',
      byteOrderMark: false,
    });
  });

  it('falls back to a <meta> prescan', async () => {
    const body = Buffer.concat([
      Buffer.from(
        '<html><head><meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS">',
      ),
      Buffer.from([0x93, 0xfa, 0x96, 0x7b]), // 日本 in Shift_JIS
    ]);
    const page = await fetchPage(serve('/meta', 'text/html', body), { guard });
    expect(page.charset).toBe('Shift_JIS');
    expect(page.html).toContain('日本');
  });

  it('ignores an unknown header label and keeps sniffing', async () => {
    const body = Buffer.from('<meta charset="utf-8"><p>naïve');
    const page = await fetchPage(serve('/bogus', 'text/html; charset=x-bogus', body), { guard });
    expect(page).toMatchObject({ charset: 'UTF-8', html: '<meta charset="utf-8"><p>naïve' });
  });

  it('defaults to windows-1252, turning 0x93/0x94 into curly quotes', async () => {
    const body = Buffer.concat([
      Buffer.from('<p>'),
      Buffer.from([0x93]),
      Buffer.from('hi'),
      Buffer.from([0x94]),
    ]);
    const page = await fetchPage(serve('/default', 'text/html', body), { guard });
    expect(page).toMatchObject({ charset: 'windows-1252', html: '<p>\u201chi\u201d' });
  });
});

describe('decodeHtml', () => {
  const whatwgEncoding = whatwgEncodingUntyped as {
    decode(bytes: Uint8Array, fallbackEncodingName: string): string;
  };

  it('decodes UTF-8 exactly as whatwg-encoding does, malformed sequences and BOM included', () => {
    const samples: Uint8Array[] = [
      new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0xc3, 0xa9]),
      new Uint8Array([0x61, 0xe2, 0x82]),
      new Uint8Array([0xf0, 0x9f, 0x98, 0x80, 0xed, 0xa0, 0x80, 0xc0, 0xaf, 0xff]),
    ];
    // Random bytes weighted towards lead and continuation bytes, a BOM now and then.
    let state = 0x2545f491;
    const rng = {
      int(min: number, max: number) {
        state = (Math.imul(state, 1103515245) + 12345) >>> 0;
        return min + ((state >>> 8) % (max - min + 1));
      },
    };
    for (let n = 0; n < 5000; n++) {
      const bytes = new Uint8Array(rng.int(1, 16));
      for (let i = 0; i < bytes.length; i++) {
        const kind = rng.int(0, 3);
        bytes[i] =
          kind < 2 ? rng.int(0, 0x7f) : kind === 2 ? rng.int(0x80, 0xbf) : rng.int(0xc0, 0xff);
      }
      if (n % 10 === 0) bytes.set([0xef, 0xbb, 0xbf].slice(0, bytes.length));
      samples.push(bytes);
    }
    for (const bytes of samples) {
      const decoded = decodeHtml(bytes, 'utf-8');
      expect(decoded.charset).toBe('UTF-8');
      expect(decoded.text).toBe(whatwgEncoding.decode(bytes, 'UTF-8'));
    }
  });
});

describe('parseContentType', () => {
  it('splits type and charset', () => {
    expect(parseContentType('Text/HTML ; Charset="UTF-8"')).toEqual({
      mime: 'text/html',
      charset: 'UTF-8',
    });
    expect(parseContentType(undefined)).toEqual({ mime: '', charset: null });
    expect(parseContentType('nonsense')).toEqual({ mime: '', charset: null });
  });
});
