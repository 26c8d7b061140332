import { buildApp } from './app.ts';
import { openDatabase } from './db/database.ts';
import { exitOnStartupError, loadConfigOrExit, onShutdownSignal } from './lifecycle.ts';
import { WatchMonitor } from './monitoring/watch-monitor.ts';
import { createEngine } from './services/engine-factory.ts';
import { JobQueue } from './services/job-queue.ts';
import { publicOrigin } from './services/public-origin.ts';
import { Worker } from './worker/worker.ts';

/** `npm start`: the web server and, unless EMBEDDED_WORKER=0, a worker in the same process. */
async function main() {
  const config = loadConfigOrExit();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  const engine = await createEngine(config);
  const app = await buildApp(config, { database, engine });
  const worker = config.EMBEDDED_WORKER
    ? new Worker({
        database,
        queue: new JobQueue(database, {
          leaseSeconds: config.JOB_LEASE_SECONDS,
          sitePageIntervalMs: config.SITE_CHECK_PAGE_INTERVAL_MS,
          stuckAfterSeconds: config.REPORT_STUCK_AFTER_SECONDS,
        }),
        engine,
        logger: app.log,
        limits: app.limits,
        concurrency: config.WORKER_CONCURRENCY,
        monitor: new WatchMonitor({
          database,
          mailer: app.mailer,
          publicOrigin: publicOrigin(config),
          logger: app.log,
          limits: app.limits,
        }),
      })
    : null;

  onShutdownSignal(async () => {
    // Stop accepting and finish in-flight requests, then finish or release in-flight jobs.
    await app.close();
    await worker?.stop(config.WORKER_STOP_GRACE_MS);
    await engine.close();
    await database.close();
  });

  await worker?.start();
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    { database: database.kind, worker: Boolean(worker) },
    `Crawlwise is running on http://localhost:${config.PORT}`,
  );
}

main().catch(exitOnStartupError);
