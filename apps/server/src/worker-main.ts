import pino from 'pino';
import { openDatabase } from './db/database.ts';
import { exitOnStartupError, loadConfigOrExit, onShutdownSignal } from './lifecycle.ts';
import { WatchMonitor } from './monitoring/watch-monitor.ts';
import { createEngine } from './services/engine-factory.ts';
import { JobQueue } from './services/job-queue.ts';
import { Mailer } from './services/mailer.ts';
import { publicOrigin } from './services/public-origin.ts';
import { RateLimiter } from './services/rate-limit.ts';
import { Worker } from './worker/worker.ts';

/**
 * `npm run worker`: a worker alone. Point several of them (on one or many machines) at the same
 * PostgreSQL with DATABASE_URL and they share the queue.
 */
async function main() {
  const config = loadConfigOrExit();
  const logger = pino({ level: config.LOG_LEVEL });
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  const engine = await createEngine(config);
  const mailer = new Mailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM }, logger);
  const limits = new RateLimiter(config.RATE_LIMITS === 'on');
  const worker = new Worker({
    database,
    queue: new JobQueue(database, {
      leaseSeconds: config.JOB_LEASE_SECONDS,
      sitePageIntervalMs: config.SITE_CHECK_PAGE_INTERVAL_MS,
      stuckAfterSeconds: config.REPORT_STUCK_AFTER_SECONDS,
    }),
    engine,
    logger,
    limits,
    concurrency: config.WORKER_CONCURRENCY,
    monitor: new WatchMonitor({
      database,
      mailer,
      publicOrigin: publicOrigin(config),
      logger,
      limits,
    }),
  });
  onShutdownSignal(async () => {
    await worker.stop(config.WORKER_STOP_GRACE_MS);
    await mailer.close();
    await engine.close();
    await database.close();
  });
  await worker.start();
}

main().catch(exitOnStartupError);
