import { describe, expect, it } from 'vitest';
import { makePage } from '../page/test-artifacts.ts';
import { httpStatus } from './http-status.ts';

const run = (status: number) => httpStatus.run(makePage({ fetch: { status } }));

describe('http-status check', () => {
  it('has stable meta', () => {
    expect(httpStatus.meta).toMatchObject({ id: 'http-status' });
  });

  it('passes any 2xx status', () => {
    expect(run(200)).toEqual({
      severity: 'success',
      message: 'The page answers 200 OK',
      details: { status: 200, finalUrl: 'https://example.com/page' },
    });
    expect(run(203).severity).toBe('success');
  });

  it('warns when the chain ends on a redirect', () => {
    const outcome = run(302);
    expect(outcome.severity).toBe('warning');
    expect(outcome.message).toBe('The page answers with a redirect that leads nowhere (302 Found)');
    expect(outcome.why).toContain('Location');
  });

  it('is critical on a client error', () => {
    const outcome = run(404);
    expect(outcome.severity).toBe('critical');
    expect(outcome.message).toBe('The page answers 404 Not Found');
    expect(outcome.why).toContain('4xx');
  });

  it('is critical on a server error', () => {
    const outcome = run(503);
    expect(outcome.severity).toBe('critical');
    expect(outcome.message).toBe('The page answers 503 Service Unavailable');
    expect(outcome.why).toContain('5xx');
  });

  it('is critical on a status no client can use, even one without a reason phrase', () => {
    const outcome = run(799);
    expect(outcome.severity).toBe('critical');
    expect(outcome.message).toBe('The page answers with an unexpected status (799)');
  });
});
