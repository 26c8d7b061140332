import { describe, expect, it } from 'vitest';
import { makePage } from '../page/test-artifacts.ts';
import type { FetchArtifact } from '../types.ts';
import { charset, encodingOf, META_CHARSET } from './charset.ts';

const run = (head: string, fetch: Partial<FetchArtifact> = {}) =>
  charset.run(
    makePage({
      html: `<!doctype html><html><head>${head}</head><body><p>Café</p></body></html>`,
      fetch: { headers: { 'content-type': 'text/html' }, ...fetch },
    }),
  );

describe('charset check', () => {
  it('passes a page whose header declares the encoding', () => {
    const outcome = run('', { headers: { 'content-type': 'text/html; charset="UTF-8"' } });
    expect(outcome).toMatchObject({
      severity: 'success',
      message: 'Encoding declared by the Content-Type header',
      details: { header: 'UTF-8', byteOrderMark: false, meta: null, readAs: 'utf-8' },
    });
  });

  it('passes a meta charset in the first 1024 bytes, and a byte order mark', () => {
    const outcome = run('<meta charset="utf-8"><title>Café</title>');
    expect(outcome.severity).toBe('success');
    expect(outcome.message).toBe('Encoding declared by <meta charset>');
    expect(outcome.details).toMatchObject({
      meta: { label: 'utf-8', encoding: 'utf-8', endsAtByte: 49 },
    });
    const http = run('<meta http-equiv="Content-Type" content="text/html; charset=utf-8">');
    expect(http.severity).toBe('success');
    expect(run('', { byteOrderMark: true }).message).toBe(
      'Encoding declared by the byte order mark',
    );
  });

  it('warns about a page that declares no encoding, with the meta to paste', () => {
    const outcome = run('<title>x</title>');
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('No character encoding declared');
    expect(outcome.details).toMatchObject({ fixSnippet: META_CHARSET });
    expect(run('<meta charset="klingon">').why).toContain(
      '(the meta names "klingon", which browsers do not know)',
    );
  });

  it('warns about a declaration after the first 1024 bytes, counting bytes not characters', () => {
    const late = run(`<title>${'é'.repeat(500)}</title><meta charset="utf-8">`);
    expect(late.severity).toBe('warning');
    expect(late.message).toBe('The encoding is declared too late (byte 1064)');
    const early = run(`<title>${'e'.repeat(500)}</title><meta charset="utf-8">`, {
      charset: 'windows-1252',
    });
    expect(early.severity).toBe('success');
    expect(early.message).toBe(
      'Encoding declared by <meta charset> (windows-1252; UTF-8 is what the HTML standard asks for)',
    );
  });

  it('moves a late declaration as it is, and declares UTF-8 where there is none', () => {
    const late = run(`<title>${'e'.repeat(1100)}</title><meta charset="Shift_JIS">`, {
      charset: 'Shift_JIS',
    });
    expect(late.details).toMatchObject({ fixSnippet: '<meta charset="shift_jis">' });
    expect(late.howToFix).toMatch(/^Move the declaration to be the first element of <head>:/);
    const none = run('', { charset: 'windows-1252' });
    expect(none.details).toMatchObject({ fixSnippet: '<meta charset="utf-8">' });
    expect(none.howToFix).toMatch(/^Save the page as UTF-8/);
  });

  it('warns when the header and the meta disagree', () => {
    const outcome = run('<meta charset="utf-8">', {
      headers: { 'content-type': 'text/html; charset=iso-8859-1' },
    });
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe(
      "The Content-Type header says windows-1252, the page's meta says utf-8",
    );
  });

  it('reads labels as the Encoding Standard does', () => {
    expect(encodingOf('UTF8')).toBe('utf-8');
    expect(encodingOf('latin1')).toBe('windows-1252');
    expect(encodingOf('nonsense')).toBeNull();
  });
});
