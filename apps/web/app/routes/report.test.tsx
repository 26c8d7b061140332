import type { ErrorCode } from '@crawlwise/shared/error-catalogue';
import type { ReportResponse } from '@crawlwise/shared/report';
import { EMBEDDED_REPORT_ELEMENT_ID } from '@crawlwise/shared/report-embed';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NEWSLETTER_SHOWN_KEY } from '../features/newsletter/use-newsletter-prompt.ts';
import { jsonResponse, renderRoute } from '../test/render.tsx';
import { reportResponse } from '../test/report-fixtures.ts';

/** What GET /api/reports/:token answers: the report contract, or a catalogue error. */
type ReportAnswer = ReportResponse | { ok: false; error: ErrorCode };

import ReportRoute from './report.tsx';

/** Answers each GET with the next body in `bodies`, repeating the last one. */
function stubReportApi(...bodies: Array<{ body: ReportAnswer; status?: number }>) {
  let call = 0;
  const fetchMock = vi.fn(async () => {
    const next = bodies[Math.min(call, bodies.length - 1)]!;
    call += 1;
    return jsonResponse(next.body, next.status ?? 200);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

/** The data block the server writes into /report?token= for a finished report. */
function embedReport(token: string, report: unknown) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = EMBEDDED_REPORT_ELEMENT_ID;
  block.textContent = JSON.stringify({ token, report });
  document.head.append(block);
}

const renderReport = (url = '/report?token=tok') =>
  renderRoute(<ReportRoute />, { path: '/report', url });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('report screen', () => {
  it('asks for a token when there is none', async () => {
    const fetchMock = stubReportApi({ body: reportResponse('queued') });
    renderReport('/report');
    expect(
      screen.getByText('No access token provided. Please submit a URL from the homepage.'),
    ).toBeInTheDocument();
    await advance(5000);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('polls every 2 s, simulates progress, and shows results 4 s after completion', async () => {
    const fetchMock = stubReportApi(
      { body: reportResponse('queued') },
      { body: reportResponse('analyzing') },
      { body: reportResponse('completed') },
    );
    renderReport();
    await advance(0);

    expect(fetchMock).toHaveBeenCalledWith('/api/reports/tok', expect.anything());
    expect(screen.getByRole('heading', { name: 'SEO Report' })).toBeInTheDocument();
    expect(screen.getByText('Estimated 10 seconds remaining')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /rerun analysis/i })).toBeDisabled();

    await advance(2000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.getByText('Estimated 8 seconds remaining')).toBeInTheDocument();

    await advance(2000); // third answer: completed, so polling stops
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(screen.getByText('Estimated 5 seconds remaining')).toBeInTheDocument();

    await advance(3000); // 7 s: 87.5%
    expect(screen.getByText('Compiling Results...')).toBeInTheDocument();

    await advance(1000); // 8 s: progress is full
    expect(screen.getByText('Analysis Complete ✓')).toBeInTheDocument();
    expect(screen.queryByText(/Top Issues/)).not.toBeInTheDocument();

    await advance(3900);
    expect(screen.queryByText(/Top Issues/)).not.toBeInTheDocument();
    await advance(100); // 4 s after completion
    expect(screen.getByRole('heading', { name: 'Top Issues (4)' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'SEO Health score 82 out of 100' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /rerun analysis/i })).toBeEnabled();
    expect(fetchMock).toHaveBeenCalledTimes(3);

    // First three issues in full, the fourth locked for anonymous readers.
    const topList = within(screen.getByRole('heading', { name: 'Top Issues (4)' }).parentElement!);
    expect(topList.getByText('Page is not indexable')).toBeInTheDocument();
    expect(topList.getByText('Missing alt text')).toBeInTheDocument();
    // A passed check is no top issue (it is listed collapsed under the category scores).
    expect(topList.queryByText('HTTPS is on')).not.toBeInTheDocument();
    expect(topList.getByRole('link', { name: /sign in to see/i })).toHaveAttribute(
      'href',
      '/auth?next=%2Freport%3Ftoken%3Dtok',
    );

    // Summary tiles.
    expect(screen.getByText('Can Google Find It?')).toBeInTheDocument();
    expect(screen.getByText('Yes')).toBeInTheDocument();
    expect(screen.getByText('Attention Required')).toBeInTheDocument();
    expect(screen.getByText('1.2s')).toBeInTheDocument();
    expect(screen.getByText('4 issues')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Unlock Your Full SEO Report' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Pricing' })).toHaveAttribute('href', '/pricing');
    expect(screen.getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute(
      'href',
      '/pricing',
    );

    // The newsletter prompt follows 15 s later, once per session.
    await advance(14_900);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await advance(100);
    expect(screen.getByRole('dialog', { name: 'Get SEO tips in your inbox' })).toBeInTheDocument();
    expect(window.sessionStorage.getItem(NEWSLETTER_SHOWN_KEY)).not.toBeNull();
  });

  it('shows a finished report at once and skips the prompt already seen this session', async () => {
    window.sessionStorage.setItem(NEWSLETTER_SHOWN_KEY, '1');
    stubReportApi({ body: reportResponse('completed') });
    renderReport();
    await advance(0);
    expect(screen.getByRole('heading', { name: 'Top Issues (4)' })).toBeInTheDocument();
    await advance(20_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a finished report the server put in the page without asking the API', async () => {
    window.sessionStorage.setItem(NEWSLETTER_SHOWN_KEY, '1');
    const fetchMock = stubReportApi({ body: reportResponse('completed') });
    embedReport('tok', reportResponse('completed').report);
    renderReport();
    expect(screen.getByRole('heading', { name: 'Top Issues (4)' })).toBeInTheDocument();
    await advance(5_000);
    const reportCalls = fetchMock.mock.calls.filter((call: unknown[]) =>
      String(call[0]).includes('/api/reports/'),
    );
    expect(reportCalls).toEqual([]);
    // Taken once: the data block is gone, so a later screen asks the API.
    expect(document.getElementById(EMBEDDED_REPORT_ELEMENT_ID)).toBeNull();
  });

  it('ignores a report embedded for another token', async () => {
    const fetchMock = stubReportApi({ body: reportResponse('completed') });
    embedReport('other', reportResponse('completed').report);
    renderReport();
    await advance(0);
    expect(fetchMock).toHaveBeenCalledWith('/api/reports/tok', expect.anything());
    document.getElementById(EMBEDDED_REPORT_ELEMENT_ID)?.remove();
  });

  it('shows the failure with the report message and stops polling', async () => {
    const fetchMock = stubReportApi({
      body: reportResponse('failed', {
        error_message: 'The site took over 10 seconds to respond.',
      }),
    });
    renderReport();
    await advance(0);
    expect(screen.getByText('Analysis Failed')).toBeInTheDocument();
    expect(screen.getByText('The site took over 10 seconds to respond.')).toBeInTheDocument();
    await advance(10_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Not a dead end: both Rerun and the red box's Try again start a new report.
    expect(screen.getByRole('button', { name: /rerun analysis/i })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });

  it('falls back to the catalogue text when a failed report has no message', async () => {
    stubReportApi({ body: reportResponse('failed') });
    renderReport();
    await advance(0);
    expect(
      screen.getByText('We could not complete the analysis of this page.'),
    ).toBeInTheDocument();
  });

  it('shows a missing report inline and as a toast', async () => {
    stubReportApi({ body: { ok: false, error: 'report_not_found' }, status: 404 });
    renderReport();
    await advance(0);
    expect(screen.getByText('Error: Report Not Found')).toBeInTheDocument();
    // The toast library loads on the first toast (lib/toast-loader.ts), in real time.
    await vi.waitFor(() =>
      expect(
        screen.getAllByText('This report does not exist or the link is incomplete.'),
      ).toHaveLength(2),
    );
  });

  it('shows an expired report with its catalogue entry', async () => {
    stubReportApi({ body: { ok: false, error: 'report_expired' }, status: 410 });
    renderReport();
    await advance(0);
    expect(screen.getByText('Error: Report Expired')).toBeInTheDocument();
  });

  it('keeps polling through a dropped connection once the report is on screen', async () => {
    let call = 0;
    const fetchMock = vi.fn(async () => {
      call += 1;
      if (call === 2) throw new TypeError('Failed to fetch');
      return jsonResponse(reportResponse(call >= 3 ? 'completed' : 'analyzing'));
    });
    vi.stubGlobal('fetch', fetchMock);
    renderReport();
    await advance(0);
    await advance(2000);
    await advance(50); // sonner renders a new toast a tick later
    await vi.waitFor(() => expect(screen.getByText('Connection Problem')).toBeInTheDocument());
    expect(screen.queryByText(/^Error:/)).not.toBeInTheDocument();
    await advance(1950);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
