import robotsParser from 'robots-parser';
import { isAnalysisError } from '../analysis-error.ts';
import type { RobotsArtifact } from '../types.ts';
import { botVerdicts } from './bots.ts';
import { fetchOriginFile, type OriginFileOptions, originFileUrl } from './origin-file.ts';
import { looksBinary, looksLikeHtml } from './sniff.ts';

/**
 * robots.txt the way Google treats it (developers.google.com/search/docs/crawling-indexing/
 * robots/robots_txt): 4xx means "no robots.txt, everything allowed"; 429, 5xx and network
 * failures mean "could not tell"; more than 5 redirects count as not found; only the first
 * 500 KiB is read.
 */

export const ROBOTS_TIMEOUT_MS = 3000;
export const ROBOTS_MAX_BYTES = 500 * 1024;
export const ROBOTS_MAX_REDIRECTS = 5;
const GOOGLEBOT = 'Googlebot';

export type FetchRobotsOptions = OriginFileOptions;

/**
 * A robots.txt as read for one origin: either its rules, which each page of the origin is
 * matched against, or a verdict that holds for every page (missing, unreachable, unparsable).
 * Reading and judging are separate so an engine can keep the file for a while (see
 * robots-cache.ts) instead of fetching it for every page of a site.
 */
export type RobotsFile =
  | { kind: 'rules'; url: string; text: string; rules: ReturnType<typeof robotsParser> }
  | { kind: 'verdict'; artifact: RobotsArtifact };

/** The robots.txt address of a page's origin; null when the page URL is not a URL. */
export function robotsUrlOf(pageUrl: string): string | null {
  return originFileUrl(pageUrl, '/robots.txt');
}

/** Reads the robots.txt of the page's origin and answers whether Googlebot may fetch the page. Never throws. */
export async function fetchRobots(
  pageUrl: string,
  options: FetchRobotsOptions,
): Promise<RobotsArtifact> {
  return robotsVerdict(await readRobots(pageUrl, options), pageUrl);
}

/** Fetches and parses the robots.txt of the page's origin. Never throws. */
export async function readRobots(
  pageUrl: string,
  options: FetchRobotsOptions,
): Promise<RobotsFile> {
  const robotsUrl = robotsUrlOf(pageUrl);
  if (robotsUrl === null) {
    return {
      kind: 'verdict',
      artifact: {
        url: '',
        status: 'unreachable',
        allowedForGooglebot: null,
        detail: 'Invalid page URL.',
      },
    };
  }

  try {
    const raw = await fetchOriginFile(robotsUrl, options, {
      accept: 'text/plain,*/*;q=0.5',
      timeoutMs: ROBOTS_TIMEOUT_MS,
      maxBytes: ROBOTS_MAX_BYTES,
      maxRedirects: ROBOTS_MAX_REDIRECTS,
    });
    const { status } = raw;
    if (status === 429 || status >= 500) {
      return unreachable(robotsUrl, `robots.txt answered HTTP ${status}.`);
    }
    if (status < 200 || status >= 300) {
      return {
        kind: 'verdict',
        artifact: {
          url: robotsUrl,
          status: 'missing',
          allowedForGooglebot: true,
          detail: `robots.txt answered HTTP ${status}; Google treats that as no robots.txt.`,
        },
      };
    }
    return parseRobotsFile(robotsUrl, raw.body);
  } catch (error) {
    if (isAnalysisError(error) && error.code === 'redirect_loop') {
      return {
        kind: 'verdict',
        artifact: {
          url: robotsUrl,
          status: 'missing',
          allowedForGooglebot: true,
          detail: `${error.message} Google treats that as no robots.txt.`,
        },
      };
    }
    const message = error instanceof Error ? error.message : String(error);
    return unreachable(robotsUrl, message);
  }
}

/** Parses a fetched robots.txt body. */
export function parseRobotsFile(robotsUrl: string, body: Buffer): RobotsFile {
  // Google reads robots.txt as UTF-8; TextDecoder also drops a BOM that would hide line 1.
  const text = new TextDecoder('utf-8').decode(body);
  if (looksLikeHtml(body) || looksBinary(text)) {
    // Google ignores lines it cannot parse, so such a file blocks nothing.
    return {
      kind: 'verdict',
      artifact: {
        url: robotsUrl,
        status: 'unparsable',
        allowedForGooglebot: true,
        detail:
          'robots.txt is not a robots file (it looks like an HTML page or binary data); no rule applies.',
      },
    };
  }
  return { kind: 'rules', url: robotsUrl, text, rules: robotsParser(robotsUrl, text) };
}

/** The artifact for one page: the rule that decides for Googlebot, or the file's verdict. */
export function robotsVerdict(file: RobotsFile, pageUrl: string): RobotsArtifact {
  if (file.kind === 'verdict') return { ...file.artifact, bots: botVerdicts(file, pageUrl) };
  const target = new URL(pageUrl);
  target.hash = '';
  const allowed = file.rules.isAllowed(target.href, GOOGLEBOT) ?? true;
  const line = file.rules.getMatchingLineNumber(target.href, GOOGLEBOT);
  const rule = line > 0 ? file.text.split(/\r\n|\r|\n/)[line - 1]?.trim() : undefined;
  const detail = rule
    ? `${allowed ? 'Allowed' : 'Blocked'} for Googlebot by "${rule}" (line ${line}).`
    : 'No rule blocks Googlebot.';
  return {
    url: file.url,
    status: 'ok',
    allowedForGooglebot: allowed,
    detail,
    bots: botVerdicts(file, pageUrl),
  };
}

/** The product token Crawlwise's own crawler answers to in robots.txt (`User-agent: CrawlwiseBot`). */
export const CRAWLER_ROBOTS_TOKEN = 'CrawlwiseBot';

/** Whether our crawler may request a page, and why (issue 27: a site check obeys robots.txt). */
export interface CrawlPermission {
  allowed: boolean;
  /** The robots.txt line that decides, when one does. */
  rule: string | null;
  /** One sentence for a person. */
  reason: string;
  /**
   * The `Crawl-delay` (seconds, as written) of the group that applies to our crawler (its own
   * group, else `*`); null when that group sets none or there are no rules. Honouring it (and
   * capping it) is the crawl's pace (shared/crawl-pace.ts).
   */
  crawlDelaySeconds: number | null;
}

/**
 * Whether Crawlwise's crawler (CRAWLER_ROBOTS_TOKEN, else the `*` group) may fetch the page. A
 * missing or unparsable robots.txt allows everything; one that cannot be read (429, 5xx, network)
 * allows nothing, as Google does: a crawler does not guess.
 */
export function crawlPermission(file: RobotsFile, pageUrl: string): CrawlPermission {
  if (file.kind === 'verdict') {
    const { status, detail } = file.artifact;
    if (status === 'unreachable') {
      return {
        allowed: false,
        rule: null,
        reason: `robots.txt could not be read (${detail ?? 'no answer'}), so the page was not requested.`,
        crawlDelaySeconds: null,
      };
    }
    return {
      allowed: true,
      rule: null,
      reason: 'No robots.txt rule applies.',
      crawlDelaySeconds: null,
    };
  }
  const target = new URL(pageUrl);
  target.hash = '';
  const allowed = file.rules.isAllowed(target.href, CRAWLER_ROBOTS_TOKEN) ?? true;
  const line = file.rules.getMatchingLineNumber(target.href, CRAWLER_ROBOTS_TOKEN);
  const rule = line > 0 ? (file.text.split(/\r\n|\r|\n/)[line - 1]?.trim() ?? null) : null;
  const crawlDelay = file.rules.getCrawlDelay(CRAWLER_ROBOTS_TOKEN);
  return {
    allowed,
    rule,
    crawlDelaySeconds:
      typeof crawlDelay === 'number' && Number.isFinite(crawlDelay) && crawlDelay >= 0
        ? crawlDelay
        : null,
    reason: allowed
      ? 'No robots.txt rule blocks Crawlwise.'
      : `robots.txt does not allow Crawlwise to fetch this page${rule ? ` ("${rule}")` : ''}, so it was not requested.`,
  };
}

/** Parses a fetched robots.txt and finds the rule that decides for Googlebot. */
export function judge(robotsUrl: string, pageUrl: string, body: Buffer): RobotsArtifact {
  return robotsVerdict(parseRobotsFile(robotsUrl, body), pageUrl);
}

function unreachable(url: string, detail: string): RobotsFile {
  return {
    kind: 'verdict',
    artifact: { url, status: 'unreachable', allowedForGooglebot: null, detail },
  };
}
