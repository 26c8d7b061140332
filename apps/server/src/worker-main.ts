import pino from 'pino';
import { openDatabase } from './db/database.ts';
import { exitOnStartupError, loadConfigOrExit, onShutdownSignal } from './lifecycle.ts';
import { createEngine } from './services/engine-factory.ts';
import { JobQueue } from './services/job-queue.ts';
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
  const worker = new Worker({
    database,
    queue: new JobQueue(database, config.JOB_LEASE_SECONDS, config.REPORT_STUCK_AFTER_SECONDS),
    engine,
    logger,
    concurrency: config.WORKER_CONCURRENCY,
  });
  onShutdownSignal(async () => {
    await worker.stop(config.WORKER_STOP_GRACE_MS);
    await engine.close();
    await database.close();
  });
  await worker.start();
}

main().catch(exitOnStartupError);
