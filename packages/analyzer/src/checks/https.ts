import type { FetchArtifact } from '../types.ts';
import type { Check, CheckOutcome } from './check.ts';

/**
 * `https` (crawlability): the page is finally served over HTTPS with a certificate that validated.
 * The fetcher normally refuses an invalid certificate (`ssl_error`) before checks run; the branch
 * stays so a fetcher configured to tolerate bad certificates still gets an honest verdict.
 * `meta_json.technical.ssl` uses the same rule (servedOverValidHttps).
 */

export function servedOverValidHttps(fetch: FetchArtifact): boolean {
  return new URL(fetch.finalUrl).protocol === 'https:' && fetch.tls?.valid === true;
}

export const https: Check = {
  meta: {
    id: 'https',
    title: 'HTTPS',
    why: 'Browsers mark plain HTTP pages "Not secure" and Google prefers HTTPS pages in its results. Serve the page over HTTPS with a valid certificate and redirect http:// to https://.',
    howToFix:
      'Serve the page over HTTPS with a valid certificate and redirect every http:// address to its https:// version.',
  },
  run(page): CheckOutcome {
    const { requestedUrl, finalUrl, tls } = page.artifacts.fetch;
    const details = {
      protocol: page.url.protocol.replace(':', ''),
      certificateValid: tls?.valid ?? null,
      tlsProtocol: tls?.protocol ?? null,
    };

    const secure = new URL(page.url.href);
    secure.protocol = 'https:';
    if (page.url.protocol !== 'https:') {
      if (new URL(requestedUrl).protocol === 'https:') {
        return {
          severity: 'critical',
          message: 'The page redirects from HTTPS to plain HTTP',
          why: `The https:// address redirects to ${finalUrl}, so visitors and crawlers end up on an unencrypted page marked "Not secure". Serve the page over HTTPS and redirect http:// to https://, never the other way.`,
          howToFix: `Serve ${secure.href} itself over HTTPS instead of redirecting it to ${finalUrl}, and redirect ${finalUrl} to ${secure.href} with a 301.`,
          details,
        };
      }
      return {
        severity: 'critical',
        message: 'The page is served over plain HTTP',
        why: 'Browsers mark HTTP pages "Not secure" and Google prefers HTTPS pages in its results. Install a certificate (free from Let\'s Encrypt) and redirect http:// to https://.',
        howToFix: `Install a certificate for ${page.url.hostname} (free from Let's Encrypt), serve ${secure.href}, and redirect ${page.url.href} to it with a 301.`,
        details,
      };
    }
    if (tls?.valid !== true) {
      return {
        severity: 'critical',
        message: 'The HTTPS certificate is not valid',
        why: 'Browsers show a full-page security warning for an invalid certificate and crawlers may refuse the page. Renew the certificate, make sure it covers this host name and that the server sends the whole chain.',
        howToFix: `Renew the certificate of ${page.url.hostname}, make sure it names ${page.url.hostname}, and configure the server to send the whole chain (the certificate followed by its intermediates).`,
        details,
      };
    }
    return {
      severity: 'success',
      message: details.tlsProtocol
        ? `Served over HTTPS (${details.tlsProtocol})`
        : 'Served over HTTPS',
      details,
    };
  },
};
