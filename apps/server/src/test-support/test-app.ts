import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitUntil } from '@crawlwise/shared/wait-until';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { createServices, type ServiceOverrides } from '../composition-root.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/database.ts';
import { Worker, type WorkerOptions, type WorkerServices } from '../worker/worker.ts';

/**
 * Integration tests run on in-memory PGlite, or on the PostgreSQL named by DATABASE_URL (CI runs
 * the suite a second time that way). Private targets are allowed: test sites live on 127.0.0.1.
 * Report limits are off unless a test turns them on (RATE_LIMITS: 'on'): every inject comes from
 * 127.0.0.1, and on a PostgreSQL kept between runs those reports would add up to the daily limit.
 */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    // Answers are also checked against their contract outside production (plugins/openapi.ts).
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ALLOW_PRIVATE_TARGETS: '1',
    RENDER: 'off',
    LOG_LEVEL: 'silent',
    // The PostgreSQL test database keeps every run's reports; old queued ones must not shed load.
    MAX_QUEUED_REPORTS: '1000000',
    // The rate-limit race fires 200 creations at once; load shedding is tested on its own.
    MAX_INFLIGHT_INTAKES: '10000',
    // Tests change rows behind the app's back (deleted_at, created_at); read them every time.
    REPORT_READ_CACHE_MS: '0',
    RATE_LIMITS: 'off',
    // A loaded test machine must not shed requests; shedding is tested on its own.
    MAX_EVENT_LOOP_DELAY_MS: '0',
    // The test worker builds no audit snapshot on its own: a report request must not wait for
    // one. The wait is tested on its own (routes/site-report-stored.test.ts).
    SITE_REPORT_AWAIT_BUILD_MS: '0',
    AUTH_SECRET: 'crawlwise-test-secret-0123456789abcdefghij',
    ...overrides,
  });
}

export async function openTestDatabase(config: Config): Promise<Database> {
  return openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 5 });
}

/**
 * An app on its own services built from `config`, sharing what `overrides` gives (a database, an
 * engine); closing the app closes the services it created.
 */
export async function buildAppWith(
  config: Config,
  overrides: ServiceOverrides = {},
): Promise<FastifyInstance> {
  const services = await createServices(config, overrides);
  const app = await buildApp(services);
  app.addHook('onClose', () => services.close());
  return app;
}

export async function buildTestApp(
  overrides: Record<string, string> = {},
): Promise<{ app: FastifyInstance; config: Config; database: Database }> {
  const config = testConfig(overrides);
  const database = await openTestDatabase(config);
  const services = await createServices(config, { database });
  const app = await buildApp(services);
  app.addHook('onClose', async () => {
    await services.close();
    await database.close();
  });
  return { app, config, database };
}

export interface TestSite {
  url: (path?: string) => string;
  hits: Map<string, number>;
  close(): Promise<void>;
}

/** A small website on 127.0.0.1: path → [status, content type, body]. */
export async function startTestSite(
  pages: Record<
    string,
    { status?: number; type?: string; body: string; headers?: Record<string, string> }
  >,
): Promise<TestSite> {
  const hits = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const page = pages[path];
    if (!page) {
      response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
      return;
    }
    response
      .writeHead(page.status ?? 200, {
        'content-type': page.type ?? 'text/html; charset=utf-8',
        ...page.headers,
      })
      .end(page.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = '/') => `http://127.0.0.1:${port}${path}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const HEALTHY_PAGE = `<!doctype html><html lang="en"><head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Handmade oak furniture from a small workshop</title>
<meta name="description" content="We build solid oak tables, chairs and shelves by hand in our workshop and deliver them across the country.">
</head><body><header><nav><a href="/">Home</a></nav></header>
<main><h1>Oak furniture made to last</h1>
<p>${'Every piece is cut, joined and finished by hand from sustainably grown oak. '.repeat(30)}</p>
<img src="/table.jpg" alt="A round oak dining table"></main></body></html>`;

/** Polls until the report leaves queued/analyzing, or fails the test after `timeoutMs`. */
export async function waitForReport(
  app: FastifyInstance,
  token: string,
  timeoutMs = 20_000,
): Promise<Record<string, unknown>> {
  return waitUntil(
    async () => {
      const response = await app.inject({ method: 'GET', url: `/api/reports/${token}` });
      const report = response.json().report as Record<string, unknown>;
      return report.status === 'completed' || report.status === 'failed' ? report : undefined;
    },
    { timeoutMs, what: `report ${token} to finish` },
  );
}

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The whole message as sent: headers, blank line, body. */
  raw: string;
}

/** The text of a mail as written (its body, quoted-printable undone). */
export function mailText(mail: ReceivedMail): string {
  const [head = '', ...body] = mail.raw.split('\r\n\r\n');
  const text = body.join('\r\n\r\n');
  if (!/content-transfer-encoding:\s*quoted-printable/i.test(head)) return text;
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

export interface TestSmtpServer {
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the first mail (already received or arriving) that matches. */
  waitForMail(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 (no TLS, no auth) that keeps what it receives. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const { SMTPServer } = await import('smtp-server');
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const envelope = session.envelope;
        mails.push({
          from: envelope.mailFrom ? envelope.mailFrom.address : '',
          to: envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitForMail: (match, timeoutMs = 10_000) =>
      waitUntil(() => mails.find(match), { timeoutMs, what: 'a matching mail' }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A worker (not yet started) on the app's services, without monitoring unless a test passes a
 * monitor; any service or option can be replaced.
 */
export function testWorker(
  app: FastifyInstance,
  options: Partial<WorkerOptions> & Partial<WorkerServices> = {},
): Worker {
  const { database, queue, engine, logger, limits, monitor, ...rest } = options;
  return new Worker(
    {
      database: database ?? app.database,
      queue: queue ?? app.queue,
      engine: engine ?? app.engine,
      logger: logger ?? app.log,
      limits: limits ?? app.limits,
      monitor: monitor ?? null,
    },
    {
      concurrency: 1,
      discoveryDeadlineMs: app.services.config.SITE_DISCOVERY_TIMEOUT_SECONDS * 1000,
      ...rest,
    },
  );
}
