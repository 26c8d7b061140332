import { describe, expect, it } from 'vitest';
import { makeArtifacts, makePage } from '../page/test-artifacts.ts';
import { https, servedOverValidHttps } from './https.ts';

describe('https check', () => {
  it('has stable meta', () => {
    expect(https.meta).toMatchObject({ id: 'https' });
  });

  it('passes an https page with a valid certificate', () => {
    expect(https.run(makePage())).toEqual({
      severity: 'success',
      message: 'Served over HTTPS (TLSv1.3)',
      details: { protocol: 'https', certificateValid: true, tlsProtocol: 'TLSv1.3' },
    });
  });

  it('passes without naming the TLS version when it is unknown', () => {
    const outcome = https.run(makePage({ fetch: { tls: { valid: true } } }));
    expect(outcome.severity).toBe('success');
    expect(outcome.message).toBe('Served over HTTPS');
  });

  it('is critical over plain http', () => {
    const outcome = https.run(makePage({ fetch: { finalUrl: 'http://example.com/page' } }));
    expect(outcome.severity).toBe('critical');
    expect(outcome.message).toBe('The page is served over plain HTTP');
    expect(outcome.details).toEqual({
      protocol: 'http',
      certificateValid: null,
      tlsProtocol: null,
    });
  });

  it('is critical when https redirects down to http', () => {
    const outcome = https.run(
      makePage({
        fetch: { requestedUrl: 'https://example.com/page', finalUrl: 'http://example.com/page' },
      }),
    );
    expect(outcome.severity).toBe('critical');
    expect(outcome.message).toBe('The page redirects from HTTPS to plain HTTP');
    expect(outcome.why).toContain('http://example.com/page');
  });

  it('is critical when the certificate did not validate', () => {
    const outcome = https.run(makePage({ fetch: { tls: { valid: false, protocol: 'TLSv1.2' } } }));
    expect(outcome.severity).toBe('critical');
    expect(outcome.message).toBe('The HTTPS certificate is not valid');
    expect(outcome.details).toMatchObject({ certificateValid: false });
  });

  it('is critical when an https response carries no TLS record', () => {
    const outcome = https.run(makePage({ fetch: { tls: null } }));
    expect(outcome.severity).toBe('critical');
  });
});

describe('servedOverValidHttps', () => {
  it('needs both https and a valid certificate', () => {
    expect(servedOverValidHttps(makeArtifacts().fetch)).toBe(true);
    expect(servedOverValidHttps(makeArtifacts({ fetch: { tls: { valid: false } } }).fetch)).toBe(
      false,
    );
    expect(
      servedOverValidHttps(makeArtifacts({ fetch: { finalUrl: 'http://example.com/' } }).fetch),
    ).toBe(false);
  });
});

describe('https fix', () => {
  it('names the https address to serve and the redirect to add', () => {
    const outcome = https.run(makePage({ fetch: { finalUrl: 'http://example.com/page?a=1' } }));
    expect(outcome.howToFix).toBe(
      "Install a certificate for example.com (free from Let's Encrypt), serve https://example.com/page?a=1, and redirect http://example.com/page?a=1 to it with a 301.",
    );
  });

  it('reverses a redirect down to http', () => {
    const outcome = https.run(
      makePage({
        fetch: { requestedUrl: 'https://example.com/page', finalUrl: 'http://example.com/page' },
      }),
    );
    expect(outcome.howToFix).toBe(
      'Serve https://example.com/page itself over HTTPS instead of redirecting it to http://example.com/page, and redirect http://example.com/page to https://example.com/page with a 301.',
    );
  });

  it('names the host of an invalid certificate', () => {
    const outcome = https.run(makePage({ fetch: { tls: { valid: false } } }));
    expect(outcome.howToFix).toMatch(
      /^Renew the certificate of example.com, make sure it names example.com,/,
    );
  });

  it('gives no fix for a valid https page', () => {
    expect(https.run(makePage()).howToFix).toBeUndefined();
  });
});
