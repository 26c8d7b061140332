import type { CrawlLinkRequest } from './crawl/page-links.ts';
/**
 * Artifact and finding shapes shared by gather, checks, score and the report.
 * Gatherers produce artifacts (plain data); checks are pure functions of artifacts.
 */

/** Resolves a host to the one address a connection may use, or throws AnalysisError. */
export type AddressGuard = (
  hostname: string,
  port: number,
) => Promise<{ address: string; family: 4 | 6 }>;

/** DNS resolution, injectable so tests can return private or metadata addresses. */
export type Resolver = (hostname: string) => Promise<Array<{ address: string; family: 4 | 6 }>>;

export interface RedirectHop {
  url: string;
  status: number;
  location: string;
}

export interface FetchArtifact {
  requestedUrl: string;
  finalUrl: string;
  status: number;
  /** Response headers of the final hop, names lower-cased. */
  headers: Record<string, string>;
  redirects: RedirectHop[];
  /** Milliseconds from the first request to the first byte of the final response. */
  ttfbMs: number;
  /** Milliseconds for the whole fetch, all hops and the body. */
  totalMs: number;
  /** null for plain http; otherwise whether the certificate chain validated. */
  tls: { valid: boolean; protocol?: string } | null;
  /** Bytes on the wire (before content-encoding is undone), and after. */
  rawBytes: number;
  decodedBytes: number;
  contentEncoding: string | null;
  /** The Accept-Encoding the request sent: the compressions the server was free to use. */
  acceptEncoding: string;
  contentType: string;
  charset: string;
  /** The body started with a byte order mark (which declares its encoding). */
  byteOrderMark: boolean;
  html: string;
  fetchedAt: string;
}

export interface RobotsArtifact {
  url: string;
  status: 'ok' | 'missing' | 'unreachable' | 'unparsable';
  /** null when robots.txt could not be read. */
  allowedForGooglebot: boolean | null;
  /** The matching rule or the reason it could not be read. */
  detail?: string;
  /** The verdict for each crawler `bot-access` reports (gather/bots.ts), from the same file. */
  bots?: BotVerdict[];
}

/** What a crawler's visit is for: search results, an assistant fetching for a user, training. */
export type BotKind = 'search' | 'assistant' | 'training';

export interface BotVerdict {
  /** The robots.txt product token, e.g. "GPTBot". */
  bot: string;
  kind: BotKind;
  /** null when robots.txt could not be read. */
  allowed: boolean | null;
  /** The robots.txt line that decides, when one does. */
  rule?: string;
}

/** `/llms.txt` of the page's origin (gather/llms-txt.ts): one request per origin, cached. */
export interface LlmsTxtArtifact {
  url: string;
  status: 'found' | 'missing' | 'unreachable';
  /** HTTP status, when an answer came. */
  httpStatus?: number;
  contentType?: string;
  /** The first Markdown H1 (`# Title`), the one section llmstxt.org requires; null if none. */
  title?: string | null;
  /** Markdown links `[name](url)` in the file. */
  links?: number;
  /** The answer was an HTML page (a catch-all route), not a text file. */
  html?: boolean;
  bytes?: number;
  detail?: string;
}

/** `/favicon.ico` of the page's origin (gather/favicon.ts): one request per origin, cached. */
export interface FaviconArtifact {
  url: string;
  /**
   * `image`: a 2xx answer that is an image (by its type or its first bytes); `not-image`: a 2xx
   * answer that is something else (an HTML catch-all page); `missing`: a 4xx or a redirect loop;
   * `unreachable`: 429, 5xx or a network error, so it could not be told.
   */
  status: 'image' | 'not-image' | 'missing' | 'unreachable';
  httpStatus?: number;
  contentType?: string;
  /** The image format the first bytes show (ico, png, gif, jpeg, webp, bmp, svg, avif), if any. */
  format?: string | null;
  /** Where the answer came from, when /favicon.ico redirected. */
  finalUrl?: string;
  detail?: string;
}

/** One redirect probe of gather/https-redirect.ts: an address and where it led. */
export interface RedirectProbe {
  url: string;
  /** The redirects followed, in order. */
  hops: RedirectHop[];
  /** The last address answered and its status (a 3xx when the probe stopped at a redirect off the site's hosts). */
  finalUrl?: string;
  status?: number;
  /** The probe stopped at a redirect to a host other than the site's two (name and www name). */
  leftSite?: boolean;
  /** Why no answer came (catalogue code and message). */
  error?: { code: string; message: string };
}

/**
 * How an https origin answers its other spellings (gather/https-redirect.ts): its `http://`
 * address and its `www` / non-`www` twin, each followed hop by hop. One probe per origin, cached.
 */
export interface HttpsRedirectArtifact {
  /** The https origin probed for. */
  origin: string;
  /** `http://host/`; null when the origin has no http counterpart to ask (a non-default https port). */
  http: RedirectProbe | null;
  /** `https://www.host/` or `https://host/` for `www.host`; null when the host has no such twin. */
  twin: RedirectProbe | null;
}

/**
 * Whether the page is listed in its site's sitemap (gather/sitemap-listing.ts): the sitemaps
 * robots.txt names, else /sitemap.xml, read once per origin with a small budget; each page is
 * looked up by its crawl key.
 */
export interface SitemapListingArtifact {
  status: 'read' | 'none' | 'unreachable';
  /** Where the sitemaps came from. */
  foundVia?: 'robots.txt' | '/sitemap.xml';
  /** Sitemap documents read. */
  sitemaps?: string[];
  /** Distinct page addresses read from them. */
  entries?: number;
  /** A limit (documents, bytes, addresses, time) stopped the reading: an unlisted page may be in the rest. */
  truncated?: boolean;
  /** The page's final address is listed. */
  listed?: boolean;
  /** The address that was asked for (before redirects) is listed instead. */
  requestedListed?: boolean;
  /** Why no sitemap could be read. */
  detail?: string;
}

/**
 * How the origin answers an address that cannot exist (gather/unknown-path.ts): a path no site has,
 * asked once per origin. A 2xx means every mistyped or deleted address answers as a page.
 */
export interface UnknownPathArtifact {
  url: string;
  status: 'answered' | 'unreachable';
  /** Final status after redirects on the same origin (a 3xx when it redirected elsewhere). */
  httpStatus?: number;
  /** Where the redirects led, when there were any. */
  finalUrl?: string;
  redirects?: number;
  detail?: string;
}

export interface RenderArtifact {
  status: 'rendered' | 'skipped' | 'failed';
  /** Why the render was skipped or failed (no browser, timeout, crash...). */
  reason?: string;
  html?: string;
  /** Visible text of the rendered DOM (innerText of body, main content). */
  visibleText?: string;
  durationMs?: number;
  /**
   * Layout shifts seen during the render (gather/layout-shift-script.ts); absent when the render
   * failed or the browser could not observe them.
   */
  layoutShift?: LayoutShiftArtifact;
  /**
   * The resolved addresses of the rendered DOM's images (<img> currentSrc or src), in page
   * order, at most MAX_RENDER_IMAGES: what gather/image-probe.ts asks about.
   */
  images?: string[];
}

/** What one image's response head said (gather/image-probe.ts). */
export type ImageProbe =
  | {
      url: string;
      outcome: 'answered';
      status: number;
      contentType: string | null;
      /** Declared Content-Length; null when the server did not declare one. */
      bytes: number | null;
    }
  /** failed: no HTTP answer (connection refused or reset, DNS, TLS); timeout and refused (by our address guard) say nothing about the image. */
  | { url: string; outcome: 'failed' | 'timeout' | 'refused'; detail: string };

/** The page's og:image, asked for the start of its file (gather/og-image.ts). */
export type OgImageArtifact =
  | {
      url: string;
      outcome: 'answered';
      status: number;
      finalUrl: string;
      contentType: string | null;
      bytes: number | null;
      /** From the file's header; absent when not a PNG, GIF, JPEG or WebP the reader knows. */
      format?: 'PNG' | 'GIF' | 'JPEG' | 'WebP';
      width?: number;
      height?: number;
    }
  | { url: string; outcome: 'failed' | 'timeout' | 'refused'; detail: string };

/** The page's images, asked for their response heads after the render. */
export type ImagesArtifact =
  | {
      status: 'probed';
      /** Distinct http(s) images in the rendered DOM. */
      found: number;
      /** Of those, not asked (over the per-page bound, or the deadline came first). */
      unprobed: number;
      probes: ImageProbe[];
      durationMs: number;
    }
  | { status: 'skipped'; reason: string };

/** Cumulative layout shift of the render window, as web-vitals computes it. */
export interface LayoutShiftArtifact {
  /** The largest session window (shifts < 1 s apart, at most 5 s long) of unexpected shifts. */
  cls: number;
  /** Unexpected shifts (not right after input) observed. */
  shifts: number;
  /** The elements that moved, by their share of the shifts, largest first (at most 10). */
  sources: Array<{ element: string; score: number }>;
}

export interface Artifacts {
  fetch: FetchArtifact;
  robots: RobotsArtifact;
  render: RenderArtifact;
  /** The rendered page's images (image-weight, broken-images); absent when not asked. */
  images?: ImagesArtifact;
  /** The og:image, when the page has one and the engine asked (og-image). */
  ogImage?: OgImageArtifact;
  /** Absent when the engine did not ask (older callers, unit tests): the check says skipped. */
  llmsTxt?: LlmsTxtArtifact;
  /** The origin probes of issue 26 (gather/origin-probes.ts); absent when not asked: the checks say skipped. */
  favicon?: FaviconArtifact;
  httpsRedirect?: HttpsRedirectArtifact;
  sitemapListing?: SitemapListingArtifact;
  unknownPath?: UnknownPathArtifact;
  /** Set for a page of a crawl: the analysis also returns the page's links (crawl/page-links.ts). */
  crawl?: CrawlLinkRequest;
}

/**
 * The report shapes (findings, category scores, meta_json, the analysis report) are the shared
 * report contract, defined once with their zod schemas in packages/shared/src/report.ts.
 */
export type {
  AnalysisReport,
  CategoryScore,
  CheckCategory as CategoryId,
  Finding,
  MetaJson,
  Outcome,
  ScoredFinding,
  Severity,
} from '@crawlwise/shared/report';
