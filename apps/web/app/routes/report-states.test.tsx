import type { Report, ReportResponse } from '@crawlwise/shared/report';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FRESH_SUBMISSION_STATE } from '../lib/report-navigation.ts';
import { fakeApi } from '../test/fake-api.ts';
import { jsonResponse, renderRoute } from '../test/render.tsx';
import { reportResponse } from '../test/report-fixtures.ts';
import ReportRoute from './report.tsx';

/**
 * The report screen's states (docs/report-states.md): a fresh submission played through every
 * stage, a report stuck in the queue, a failed report with Try again, and Rerun.
 */

const NOW = new Date('2026-11-23T10:00:00.000Z');
const TIMED_OUT = 'The analysis took longer than expected and was stopped.';

const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

/** A report created just now (the fixtures' date is months old, which reads as a long wait). */
const answer = (status: Report['status'], overrides: Partial<Report> = {}): ReportResponse =>
  reportResponse(status, { created_at: NOW.toISOString(), ...overrides });

const timedOut = () =>
  answer('failed', {
    error_code: 'function_timeout',
    error_message: TIMED_OUT,
    completed_at: NOW.toISOString(),
  });

/** Answers GET of `token` with the next body each poll, repeating the last one. */
function sequence(...bodies: ReportResponse[]) {
  let call = 0;
  return () => jsonResponse(bodies[Math.min(call++, bodies.length - 1)]);
}

const renderReport = (options: { fresh?: boolean; token?: string } = {}) =>
  renderRoute(<ReportRoute />, {
    path: '/report',
    url: `/report?token=${options.token ?? 'tok'}`,
    ...(options.fresh ? { state: FRESH_SUBMISSION_STATE } : {}),
  });

const currentStage = () =>
  screen.getByRole('list', { name: 'Analysis stages' }).querySelector('[aria-current="step"]')
    ?.textContent;
const percent = () => screen.getByRole('progressbar').getAttribute('aria-valuenow');

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a fresh submission', () => {
  it('plays every stage to Analysis Complete ✓ even when the report is already done', async () => {
    const { calls } = fakeApi({ 'GET /api/reports/tok': sequence(answer('completed')) });
    const { router } = renderReport({ fresh: true });
    await advance(0);
    expect(currentStage()).toMatch(/In the queue/);
    expect(percent()).toBe('0');
    expect(screen.getByText('Estimated 10 seconds remaining')).toBeInTheDocument();

    await advance(2000);
    expect(currentStage()).toMatch(/Analysing the page/);
    await advance(5000); // 7 s: 87.5%
    expect(currentStage()).toMatch(/Compiling results/);
    expect(screen.getByText('Compiling Results...')).toBeInTheDocument();
    await advance(1000); // 8 s
    expect(screen.getByText('Analysis Complete ✓')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Top Issues/ })).toBeNull();

    await advance(4000); // the spec's 4 s, then results
    expect(screen.getByRole('heading', { name: 'Top Issues (4)' })).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    // Played once: the mark leaves the history entry, so a reload shows the report at once.
    await advance(0);
    expect(router.state.location.state).toBeNull();
    expect(router.state.location.search).toBe('?token=tok');
  });

  it('waits at the real stage of a long analysis, then passes through compiling', async () => {
    fakeApi({
      'GET /api/reports/tok': sequence(
        ...Array.from({ length: 6 }, () => answer('analyzing')),
        answer('completed'),
      ),
    });
    renderReport({ fresh: true });
    await advance(0);
    await advance(8000);
    expect(percent()).toBe('84');
    expect(screen.getByText('Analysing the page...')).toBeInTheDocument();
    expect(screen.queryByText('Compiling Results...')).toBeNull();

    await advance(4000); // the 7th poll (12 s) says completed
    await advance(200);
    expect(screen.getByText('Compiling Results...')).toBeInTheDocument();
    expect(currentStage()).toMatch(/Compiling results/);
    await advance(1300);
    expect(screen.getByText('Analysis Complete ✓')).toBeInTheDocument();
  });
});

describe('a report stuck in the queue', () => {
  it('says it is waiting, explains the delay, then shows the server giving up', async () => {
    let gaveUp = false;
    const { calls } = fakeApi({
      'GET /api/reports/tok': () => jsonResponse(gaveUp ? timedOut() : answer('queued')),
    });
    renderReport();
    await advance(0);
    await advance(3000);
    expect(percent()).toBe('25');
    expect(screen.getByText('Waiting in the queue...')).toBeInTheDocument();
    expect(screen.queryByText(/taking longer than usual/)).toBeNull();

    await advance(7000); // 10 s
    expect(screen.getByText(/still waiting in the queue for a free analyser/)).toBeInTheDocument();
    await advance(60_000);
    // Never the old "100% Compiling Results..." while nothing happens.
    expect(percent()).toBe('25');
    expect(screen.queryByText('Compiling Results...')).toBeNull();

    gaveUp = true;
    await advance(2000);
    const box = screen.getByRole('alert');
    expect(within(box).getByRole('heading', { name: 'Analysis Failed' })).toBeInTheDocument();
    expect(within(box).getByText(TIMED_OUT)).toBeInTheDocument();
    // "Refresh the page" cannot revive a failed report: Try again is the way on.
    expect(within(box).queryByText(/Refresh the page/)).toBeNull();
    expect(within(box).getByRole('button', { name: 'Try again' })).toBeEnabled();
    const polls = calls.length;
    await advance(10_000);
    expect(calls).toHaveLength(polls);
  });

  it('explains the wait at once when an old pending report is opened from a link', async () => {
    fakeApi({
      'GET /api/reports/tok': sequence(
        answer('queued', { created_at: new Date(NOW.getTime() - 180_000).toISOString() }),
      ),
    });
    renderReport();
    await advance(0);
    expect(screen.getByText(/still waiting in the queue/)).toBeInTheDocument();
  });
});

describe('a failed report', () => {
  it('shows the red box, and Try again opens a new report of the same address', async () => {
    const { calls } = fakeApi({
      'GET /api/reports/tok': sequence(timedOut()),
      'POST /api/reports': () => jsonResponse({ ok: true, accessToken: 'tok2' }, 201),
      'GET /api/reports/tok2': sequence(answer('queued')),
    });
    const { router } = renderReport();
    await advance(0);
    expect(screen.getByText(/Failed on/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Check another page' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await advance(0);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      url: 'https://example.com/',
    });
    expect(router.state.location.search).toBe('?token=tok2');
    expect(router.state.location.state).toEqual(FRESH_SUBMISSION_STATE);
    await advance(0);
    // The new report's own screen, played from the start.
    expect(screen.queryByRole('heading', { name: 'Analysis Failed' })).toBeNull();
    expect(currentStage()).toMatch(/In the queue/);
    expect(screen.getByText(/Submitted on/)).toBeInTheDocument();
  });

  it("shows a refused Try again in the catalogue's words and stays put", async () => {
    fakeApi({
      'GET /api/reports/tok': sequence(timedOut()),
      'POST /api/reports': () =>
        jsonResponse({ ok: false, error: 'rate_limit_exceeded', message: 'limit' }, 429),
    });
    const { router } = renderReport();
    await advance(0);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await advance(50); // the toast renders a tick later
    expect(screen.getByText('Please try again tomorrow.')).toBeInTheDocument();
    // The toast library loads on the first toast (lib/toast-loader.ts): wait for it.
    await vi.waitFor(() => expect(screen.getByText('Daily Limit Reached')).toBeInTheDocument(), {
      timeout: 5000,
    });
    expect(router.state.location.search).toBe('?token=tok');
    expect(screen.getByRole('heading', { name: 'Analysis Failed' })).toBeInTheDocument();
  });
});

describe('Rerun Analysis', () => {
  it('starts a new report of the address instead of reloading the old one', async () => {
    const { calls } = fakeApi({
      'GET /api/reports/tok': sequence(answer('completed')),
      'POST /api/reports': () => jsonResponse({ ok: true, accessToken: 'tok2' }, 201),
      'GET /api/reports/tok2': sequence(answer('analyzing')),
    });
    const { router } = renderReport();
    await advance(0);
    // Opened from a link, a finished report shows at once, with its date and the URL bar.
    expect(screen.getByRole('heading', { name: 'Top Issues (4)' })).toBeInTheDocument();
    expect(screen.getByText(/Analysed on/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /check page/i })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: /rerun analysis/i }));
    await advance(0);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect(router.state.location.search).toBe('?token=tok2');
    await advance(0);
    expect(screen.queryByRole('heading', { name: /Top Issues/ })).toBeNull();
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
  });
});
