import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { requestArrived } from '../services/requests-in-flight.ts';

const answers = new WeakMap<FastifyRequest, () => void>();

/** Counts every request from its arrival to its answer (services/requests-in-flight.ts). */
export const requestsInFlightPlugin = fp(
  async (app) => {
    const answered = async (request: FastifyRequest) => {
      answers.get(request)?.();
      answers.delete(request);
    };
    app.addHook('onRequest', async (request) => {
      answers.set(request, requestArrived());
    });
    app.addHook('onResponse', answered);
    app.addHook('onRequestAbort', answered);
    app.addHook('onTimeout', answered);
  },
  { name: 'requests-in-flight' },
);
