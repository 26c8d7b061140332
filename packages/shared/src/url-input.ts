import { MAX_URL_LENGTH } from './limits.ts';

/**
 * Web address rules (product spec, point 5). The client rules decide what the URL bar accepts and
 * submits; the server applies the same rules and its own (length, protocol) before fetching.
 */

export const MISSING_URL_MESSAGE = 'Please enter a website URL';
export const invalidUrlMessage = (host = 'example.com') =>
  `Please enter a valid website (e.g., ${host})`;

const PREFIX = /^(?:url|website|site):\s*/i;
const SCHEME = /^https?:\/\//i;
/** A host with a dot and a 2+ letter ending, optional port, then anything from a path on. */
const WEBSITE =
  /^https?:\/\/(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}\.?(?::\d{1,5})?(?:[/?#]\S*)?$/i;
/**
 * Addresses that are not websites by the rule above but are let through to the server, which
 * answers them precisely (private_ip, or analyses them where private targets are allowed):
 * `localhost`, dotted IPv4 and bracketed IPv6 literals, with an explicit scheme.
 */
const LOCAL_OR_IP =
  /^https?:\/\/(?:localhost|\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-f:.]+\])(?::\d{1,5})?(?:[/?#]\S*)?$/i;

export type UrlInputResult =
  | { ok: true; url: string }
  | { ok: false; code: 'missing_url' | 'invalid_url'; message: string };

/** Client-side rules of the URL bar: returns the normalized address to submit. */
export function normalizeUrlInput(raw: string): UrlInputResult {
  let value = raw.trim();
  if (!value) return { ok: false, code: 'missing_url', message: MISSING_URL_MESSAGE };
  value = value.replace(PREFIX, '').trim();
  if (LOCAL_OR_IP.test(value)) return { ok: true, url: value };
  if (!SCHEME.test(value)) {
    value = value.replace(/^\/+/, '');
    if (!value.includes('.')) return invalid(value);
    value = `https://${value}`;
  }
  if (!WEBSITE.test(value)) return invalid(value);
  return { ok: true, url: value };
}

function invalid(value: string): UrlInputResult {
  const guess = value.replace(SCHEME, '').split(/[/?#:]/)[0] ?? '';
  // The hint may echo the visitor's own host only when that host is valid by itself (the fault is
  // elsewhere, e.g. the port); an invalid host such as `exa_mple.com` is never offered as an example.
  const host = WEBSITE.test(`https://${guess}`) ? guess : 'example.com';
  return { ok: false, code: 'invalid_url', message: invalidUrlMessage(host) };
}

export type ServerUrlResult =
  | { ok: true; url: URL }
  | {
      ok: false;
      code: 'missing_url' | 'invalid_url' | 'url_too_long' | 'unsupported_protocol';
      message: string;
    };

/**
 * Server-side shape rules: at most 2048 characters, http or https, a parseable URL with a host.
 * Whether the host is private is decided by the analyzer's address guard, after DNS.
 * IP literals and single-label hosts are accepted here so they can be refused as private_ip
 * (or allowed in tests) rather than reported as malformed.
 */
export function parseServerUrl(raw: unknown): ServerUrlResult {
  if (typeof raw !== 'string' || !raw.trim()) {
    return { ok: false, code: 'missing_url', message: MISSING_URL_MESSAGE };
  }
  let value = raw.trim().replace(PREFIX, '').trim();
  if (value.length > MAX_URL_LENGTH) {
    return {
      ok: false,
      code: 'url_too_long',
      message: `The address is longer than ${MAX_URL_LENGTH} characters.`,
    };
  }
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  if (scheme && scheme !== 'http' && scheme !== 'https' && !/^[^/]*\.[^/]*:\d/.test(value)) {
    // "example.com:8080/x" also looks like scheme "example.com": only a real scheme is refused.
    return {
      ok: false,
      code: 'unsupported_protocol',
      message: `Only http:// and https:// addresses can be analyzed, not ${scheme}:.`,
    };
  }
  if (!SCHEME.test(value)) value = `https://${value.replace(/^\/+/, '')}`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, code: 'invalid_url', message: invalidUrlMessage() };
  }
  if (!url.hostname || url.username || url.password) {
    return { ok: false, code: 'invalid_url', message: invalidUrlMessage() };
  }
  url.hash = '';
  return { ok: true, url };
}

/**
 * The form a URL is stored under, so one page is one `urls` row: lower-case scheme and host
 * (WHATWG parsing does that and drops default ports), no fragment, "/" for an empty path.
 */
export function normalizeUrlForStorage(input: string | URL): string {
  const url = new URL(String(input));
  url.hash = '';
  return url.toString();
}
