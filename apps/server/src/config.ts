import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { MAX_CRAWL_PAGES } from '@crawlwise/shared/site-check';
import {
  CRAWL_PAGES_CEILING,
  DEFAULT_VERIFIED_CRAWL_PAGES,
} from '@crawlwise/shared/site-verification';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

/**
 * Every setting comes from the environment and is validated once at start-up; an invalid
 * configuration reports every problem at once (see loadConfig). `.env.example` lists them all.
 */

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .default('')
  .transform((value) => value === '1' || value === 'true' || value === 'yes');

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

/** `host=ip,host=ip`: fixed answers for chosen hosts, like curl's --resolve. */
const resolveOverrides = optionalString.transform((value, ctx) => {
  const map = new Map<string, string>();
  for (const pair of value?.split(',') ?? []) {
    const [host, address] = pair.split('=').map((part) => part.trim());
    if (!host || !address) {
      ctx.addIssue({ code: 'custom', message: `expected host=address, got "${pair}"` });
      return z.NEVER;
    }
    map.set(host.toLowerCase(), address);
  }
  return map;
});

/** proxy-addr's named ranges, accepted in TRUSTED_PROXIES next to addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * `addr,cidr,…`: the reverse proxies whose X-Forwarded-For is believed. Anyone else could forge
 * the header to dodge the per-address report limit, so the default is to trust nobody.
 */
const trustedProxies = optionalString.transform((value, ctx) => {
  const entries = (value?.split(',') ?? []).map((entry) => entry.trim()).filter(Boolean);
  for (const entry of entries) {
    if (!PROXY_RANGE_NAMES.has(entry) && !ipaddr.isValid(entry) && !ipaddr.isValidCIDR(entry)) {
      ctx.addIssue({ code: 'custom', message: `not an address or CIDR: "${entry}"` });
      return z.NEVER;
    }
  }
  return entries;
});

/** The web build next to this package (apps/web/build/client), used when WEB_DIST_DIR is unset. */
const DEFAULT_WEB_DIST_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../web/build/client',
);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  /**
   * Signs the session cookies (at least 32 characters). Without it a random one is made at start
   * (with a warning): fine for trying things out, but every restart then signs everybody out.
   */
  AUTH_SECRET: optionalString.pipe(
    z.string().min(32, 'must be at least 32 characters (openssl rand -base64 32)').optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(?:ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  ALLOW_PRIVATE_TARGETS: booleanFlag,
  RESOLVE_OVERRIDES: resolveOverrides,
  USER_AGENT: optionalString,
  CHROMIUM_PATH: optionalString,
  RENDER: z.enum(['on', 'off']).default('on'),
  RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  RENDER_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(5000),
  /** Seconds without work after which the browser and analysis threads stop (0: keep them). */
  IDLE_RELEASE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /** Worker threads for the CPU part of analyses (parse, checks, score); 0 runs it in-process. */
  ANALYSIS_THREADS: z.coerce.number().int().min(0).max(16).default(2),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  /** How long a claimed report stays with its worker without a heartbeat before another may take it. */
  JOB_LEASE_SECONDS: z.coerce.number().int().min(2).max(600).default(60),
  /**
   * The floor of the per-host pace of whole-site checks: a page request to a host starts at
   * least this long after the previous one was answered; the host's Crawl-delay and the back-off
   * controller only lengthen it (docs/site-checks.md › Politeness).
   */
  SITE_CHECK_PAGE_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /**
   * Pages a crawl of a site whose ownership its user verified may analyse at most (an unverified
   * site keeps MAX_CRAWL_PAGES); docs/site-checks.md › Site ownership verification.
   */
  SITE_CRAWL_MAX_PAGES: z.coerce
    .number()
    .int()
    .min(MAX_CRAWL_PAGES)
    .max(CRAWL_PAGES_CEILING)
    .default(DEFAULT_VERIFIED_CRAWL_PAGES),
  /**
   * How long a request for the report of a check that has just ended waits for the worker to
   * store it before building it itself (docs/site-checks.md › Stored site report): the build it
   * would start does what the worker's is doing, on the same rows. 0: never waits.
   */
  SITE_REPORT_AWAIT_BUILD_MS: z.coerce.number().int().min(0).max(60_000).default(20_000),
  /**
   * A whole sitemap discovery (robots.txt and every sitemap) ends after this long with
   * `fetch_timeout`, so a trickling site cannot hold a worker (issue 25).
   */
  SITE_DISCOVERY_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  /**
   * A report still queued or analysing this long after it was created is failed with
   * `function_timeout` (by the workers' sweep, and by the API when the report is read), so no
   * report screen waits forever. Tests lower it to watch the whole path in seconds.
   */
  REPORT_STUCK_AFTER_SECONDS: z.coerce.number().int().min(2).max(86_400).default(300),
  /**
   * At SIGTERM a worker stops claiming and lets its analyses finish this long, then gives the
   * unfinished ones back to the queue for the next worker. Below the 25 s shutdown limit.
   */
  WORKER_STOP_GRACE_MS: z.coerce.number().int().min(0).max(20_000).default(10_000),
  /** With `npm start` the web server also runs a worker; set 0 for a web-only process. */
  EMBEDDED_WORKER: z
    .enum(['1', '0', 'true', 'false'])
    .default('1')
    .transform((value) => value === '1' || value === 'true'),
  WEB_DIST_DIR: optionalString,
  TRUSTED_PROXIES: trustedProxies,
  /** `off` lifts the per-requester report limits: for benchmarks and tests, never in production. */
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  /** How long a finished report may be served from memory; 0 reads the database every time. */
  REPORT_READ_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  /** Crawl fetches of report creation in flight in one process; beyond it, 503 + Retry-After. */
  MAX_INFLIGHT_INTAKES: z.coerce.number().int().min(1).max(10_000).default(128),
  /** Reports waiting for a worker; beyond it, creation answers 503 + Retry-After. */
  MAX_QUEUED_REPORTS: z.coerce.number().int().min(1).max(1_000_000).default(2000),
  /**
   * Shedding under pressure (plugins/pressure.ts): past any of these, requests answer 503 with
   * Retry-After until the next sample is below again. 0 turns a check off. The heap limit
   * defaults to 90% of what V8 may use; RSS (which also counts the embedded database) is off
   * unless set, since only the operator knows the memory the process is given.
   */
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  MAX_HEAP_USED_MB: z.coerce.number().int().min(0).max(1_000_000).optional(),
  MAX_RSS_MB: z.coerce.number().int().min(0).max(1_000_000).default(0),
  /** How often the pressure is measured. */
  PRESSURE_SAMPLE_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  /** `smtp://user:pass@host:587` or `smtps://…`; without it, mails are written to the log. */
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  SUPPORT_EMAIL: z.email().default('support@crawlwise.app'),
  /** Sender of the mails; defaults to `Crawlwise <SUPPORT_EMAIL>`. */
  MAIL_FROM: optionalString,
  /** Google sign-in: both set, or neither (then no Google button). */
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  /** Any OpenID Connect provider: issuer, client id and secret together, or none of them. */
  OIDC_ISSUER: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  /** The OpenID Connect button's label ('Sign in with {OIDC_NAME}'). */
  OIDC_NAME: optionalString.transform((value) => value ?? 'OpenID Connect'),
});

/** Settings that only work together: each group is complete or absent. */
const SETTING_GROUPS = [
  ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'],
] as const;

function incompleteGroups(env: z.infer<typeof envSchema>): string[] {
  const problems: string[] = [];
  for (const group of SETTING_GROUPS) {
    const missing = group.filter((name) => env[name] === undefined);
    if (missing.length > 0 && missing.length < group.length) {
      problems.push(`${missing.join(', ')}: must be set together with ${group.join(', ')}`);
    }
  }
  return problems;
}

export type Config = Omit<
  z.infer<typeof envSchema>,
  'DATA_DIR' | 'WEB_DIST_DIR' | 'MAIL_FROM' | 'MAX_HEAP_USED_MB'
> & {
  DATA_DIR: string;
  WEB_DIST_DIR: string;
  MAIL_FROM: string;
  MAX_HEAP_USED_MB: number;
};

const MB = 1024 * 1024;
/** Shedding starts here, before V8 runs out of heap and the process dies. */
const DEFAULT_HEAP_SHARE = 0.9;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'env'}: ${issue.message}`),
    );
  }
  const incomplete = incompleteGroups(parsed.data);
  if (incomplete.length > 0) throw new ConfigError(incomplete);
  const dataDir = parsed.data.DATA_DIR;
  // memory:// keeps the embedded database in memory (tests); anything else is a directory.
  return {
    ...parsed.data,
    DATA_DIR: dataDir.startsWith('memory://') ? dataDir : path.resolve(dataDir),
    WEB_DIST_DIR: path.resolve(parsed.data.WEB_DIST_DIR ?? DEFAULT_WEB_DIST_DIR),
    MAIL_FROM: parsed.data.MAIL_FROM ?? `Crawlwise <${parsed.data.SUPPORT_EMAIL}>`,
    MAX_HEAP_USED_MB:
      parsed.data.MAX_HEAP_USED_MB ??
      Math.floor((v8.getHeapStatistics().heap_size_limit * DEFAULT_HEAP_SHARE) / MB),
  };
}
