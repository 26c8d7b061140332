import { vi } from 'vitest';
import { jsonResponse } from './render.tsx';

type Handler = (request: {
  url: string;
  method: string;
  body: unknown;
}) => Response | Promise<Response>;

/**
 * A fetch stand-in that answers by "METHOD /path" (query string ignored unless the key has one),
 * and records every call; an unknown call fails the test loudly.
 */
export function fakeApi(routes: Record<string, Handler | unknown>) {
  const calls: Array<{ url: string; method: string; body: unknown }> = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = (init.method ?? 'GET').toUpperCase();
    const body =
      typeof init.body === 'string'
        ? JSON.parse(init.body)
        : init.body instanceof FormData
          ? init.body
          : undefined;
    calls.push({ url, method, body });
    const path = url.split('?')[0];
    const route = routes[`${method} ${url}`] ?? routes[`${method} ${path}`];
    if (route === undefined) throw new Error(`unexpected call: ${method} ${url}`);
    return typeof route === 'function'
      ? (route as Handler)({ url, method, body })
      : jsonResponse(route);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export const USER = {
  id: 'user-1',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  image: null,
  emailVerified: true,
  createdAt: '2026-01-15T10:00:00.000Z',
};
