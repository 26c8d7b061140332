import { describe, expect, it } from 'vitest';
import { makePage } from '../page/test-artifacts.ts';
import { lang } from './lang.ts';

const run = (htmlAttrs: string) =>
  lang.run(
    makePage({ html: `<!doctype html><html ${htmlAttrs}><head></head><body></body></html>` }),
  );

describe('lang check', () => {
  it('has stable meta', () => {
    expect(lang.meta).toMatchObject({ id: 'lang' });
  });

  it('passes a valid tag and reports its canonical form', () => {
    const outcome = run('lang="en-us"');
    expect(outcome.severity).toBe('success');
    expect(outcome.message).toBe('Page language is declared (en-US)');
    expect(outcome.details).toEqual({ value: 'en-us', canonical: 'en-US' });
  });

  it('accepts script and region subtags', () => {
    expect(run('lang="zh-Hant-TW"').severity).toBe('success');
    expect(run('LANG=" de "').severity).toBe('success');
  });

  it('warns when the attribute is missing', () => {
    const outcome = run('');
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('Page language is not declared');
    expect(outcome.details).toEqual({ value: null, canonical: null });
  });

  it('warns when the document has no <html> element', () => {
    const outcome = lang.run(makePage({ html: '<p>fragment</p>' }));
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('Page language is not declared');
  });

  it('warns when the attribute is empty', () => {
    const outcome = run('lang="  "');
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('Page language is empty');
  });

  it('warns on an invalid tag', () => {
    const outcome = run('lang="en_US"');
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('Invalid page language "en_US"');
    expect(outcome.details).toEqual({
      value: 'en_US',
      canonical: null,
      fixSnippet: '<html lang="en-US">',
    });
    expect(run('lang="e"').severity).toBe('warning');
    expect(run('lang="en-"').severity).toBe('warning');
  });
});

describe('lang fix', () => {
  const page = (htmlAttrs: string, head = '', contentLanguage?: string) =>
    lang.run(
      makePage({
        html: `<html ${htmlAttrs}><head>${head}</head><body></body></html>`,
        fetch: {
          headers: {
            'content-type': 'text/html',
            ...(contentLanguage === undefined ? {} : { 'content-language': contentLanguage }),
          },
        },
      }),
    );

  it('corrects an underscore in the value', () => {
    expect(page('lang="pt_br"').howToFix).toBe(
      'Declare the language on the <html> element: <html lang="pt-BR"> (from the page\'s own lang value; check it).',
    );
  });

  it('takes a missing language from Content-Language, else og:locale', () => {
    expect(page('', '', 'fr-CA, en').details?.fixSnippet).toBe('<html lang="fr-CA">');
    const outcome = page('', '<meta property="og:locale" content="de_DE">');
    expect(outcome.details?.fixSnippet).toBe('<html lang="de-DE">');
    expect(outcome.howToFix).toContain("(from the page's own og:locale; check it)");
  });

  it('has no fix when the page names no language', () => {
    expect(page('lang="e"').howToFix).toBeUndefined();
    expect(page('lang="en"').howToFix).toBeUndefined();
  });
});
