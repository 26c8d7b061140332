import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { requestsInFlightPlugin } from '../plugins/requests-in-flight.ts';
import { requestArrived, requestsAnswered, requestsInFlight } from './requests-in-flight.ts';

describe('requests in flight', () => {
  it('resolves at once when none is under way, and once the last is answered otherwise', async () => {
    expect(await requestsAnswered(1000)).toBe(0);
    const first = requestArrived();
    const second = requestArrived();
    expect(requestsInFlight()).toBe(2);
    let resolved = false;
    const waited = requestsAnswered(5000).then((ms) => {
      resolved = true;
      return ms;
    });
    first();
    first(); // answered twice counts once
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(resolved).toBe(false);
    second();
    expect(await waited).toBeLessThan(1000);
    expect(requestsInFlight()).toBe(0);
  });

  it('gives up after maxMs when a request stays under way', async () => {
    const answered = requestArrived();
    const started = performance.now();
    const waited = await requestsAnswered(60);
    expect(waited).toBeGreaterThanOrEqual(50);
    expect(performance.now() - started).toBeLessThan(1000);
    answered();
  });

  it('counts a request of the app from its arrival to its answer, failed ones too', async () => {
    const app = Fastify();
    await app.register(requestsInFlightPlugin);
    let during = -1;
    app.get('/ok', async () => {
      during = requestsInFlight();
      return { ok: true };
    });
    app.get('/fails', async () => {
      throw new Error('boom');
    });
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/ok' })).statusCode).toBe(200);
    expect(during).toBe(1);
    expect((await app.inject({ method: 'GET', url: '/fails' })).statusCode).toBe(500);
    expect((await app.inject({ method: 'GET', url: '/missing' })).statusCode).toBe(404);
    expect(requestsInFlight()).toBe(0);
    await app.close();
  });
});
