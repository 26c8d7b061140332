import underPressure from '@fastify/under-pressure';
import fp from 'fastify-plugin';
import { ApiError } from '../errors.ts';

/**
 * Load shedding when the process itself is overwhelmed: an event loop that lags (a hostile page
 * hogging the CPU, a flood of requests) or memory close to its limit. @fastify/under-pressure
 * samples both; past a threshold every request is answered at once with 503
 * service_unavailable and Retry-After, instead of queueing behind the lag until everything times
 * out. Liveness (/healthz) is never shed: the process is alive, and a supervisor restarting it
 * would only add to the trouble. Readiness (/readyz) is shed like the rest, so a load balancer
 * sends traffic elsewhere until the pressure is gone.
 */

export interface PressureOptions {
  maxEventLoopDelayMs: number;
  maxHeapUsedMb: number;
  maxRssMb: number;
  sampleIntervalMs: number;
}

export const PRESSURE_RETRY_AFTER_SECONDS = 10;
const MB = 1024 * 1024;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** under-pressure's per-route override; NEVER_SHED lets the route through. */
    pressureHandler?: () => undefined;
  }
}

/** Route config that exempts a route from shedding (a handler returning nothing lets it through). */
export const NEVER_SHED = { pressureHandler: () => undefined };

/** The answer to a shed request, through the app's error handler like any ApiError. */
class UnderPressureError extends ApiError {
  constructor() {
    super(
      'service_unavailable',
      'Crawlwise is under heavy load right now. Please try again in a few seconds.',
      { headers: { 'retry-after': String(PRESSURE_RETRY_AFTER_SECONDS) } },
    );
  }
}

export const pressurePlugin = fp<PressureOptions>(
  async (app, options) => {
    await app.register(underPressure, {
      maxEventLoopDelay: options.maxEventLoopDelayMs,
      maxHeapUsedBytes: options.maxHeapUsedMb * MB,
      maxRssBytes: options.maxRssMb * MB,
      sampleInterval: options.sampleIntervalMs,
      retryAfter: PRESSURE_RETRY_AFTER_SECONDS,
      customError: UnderPressureError,
    });
  },
  { name: 'pressure' },
);
