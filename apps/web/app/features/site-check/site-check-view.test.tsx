import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api.ts';
import type { SiteCheck, SiteReport } from './api/site-check-api.ts';
import { SiteCheckView } from './site-check-view.tsx';

const ID = '11111111-2222-3333-4444-555555555555';

function check(overrides: Partial<SiteCheck>): SiteCheck {
  return {
    id: ID,
    siteUrl: 'https://shop.example/',
    source: 'list',
    status: 'running',
    counts: {
      total: 10,
      queued: 7,
      analyzing: 1,
      completed: 2,
      failed: 0,
      blocked: 0,
      cancelled: 0,
    },
    skipped: null,
    discovery: null,
    errorCode: null,
    errorMessage: null,
    createdAt: '2026-11-23T10:00:00.000Z',
    completedAt: null,
    ...overrides,
  };
}

function report(overrides: Partial<SiteReport> = {}): SiteReport {
  return {
    pagesAnalysed: 2,
    pagesFailed: 0,
    pagesCancelled: 0,
    pagesBlocked: 0,
    pagesRedirected: 0,
    pagesPending: 8,
    averageScore: 80,
    pages: [],
    duplicateTitles: [],
    duplicateDescriptions: [],
    canonicalElsewhere: [],
    robotsBlocked: [],
    entryProblems: [],
    crawl: null,
    ...overrides,
  };
}

describe('cancelling a site check', () => {
  it('asks first, then cancels and shows what was kept', async () => {
    let cancelled = false;
    const api = fakeApi({
      [`GET /api/site-checks/${ID}/report`]: () =>
        Response.json({
          ok: true,
          siteCheck: cancelled
            ? check({
                status: 'cancelled',
                counts: {
                  total: 10,
                  queued: 0,
                  analyzing: 0,
                  completed: 3,
                  failed: 0,
                  blocked: 0,
                  cancelled: 7,
                },
                completedAt: '2026-11-23T10:01:00.000Z',
              })
            : check({}),
          report: cancelled
            ? report({
                pagesAnalysed: 3,
                pagesCancelled: 7,
                pagesPending: 0,
                pages: [
                  {
                    url: 'https://shop.example/p/9',
                    finalUrl: null,
                    status: 'cancelled',
                    score: null,
                    title: null,
                    accessToken: 'page-9-token',
                    errorCode: 'site_check_cancelled',
                    errorMessage: 'The site check was cancelled before this page was analysed.',
                    depth: null,
                    inbound: null,
                    linkScore: null,
                  },
                ],
              })
            : report(),
        }),
      [`POST /api/site-checks/${ID}/cancel`]: () => {
        cancelled = true;
        return Response.json({ ok: true, siteCheck: check({ status: 'cancelled' }) });
      },
    });
    render(
      <MemoryRouter>
        <SiteCheckView id={ID} />
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel check' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this site check?' });
    expect(dialog).toHaveTextContent(
      'The pages still waiting (7 at the last update) will not be checked',
    );
    // Keeping the check sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Keep checking' }));
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Cancel check' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel check' }),
    );
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    expect(
      // Issue 27: the screen, the profile and the cancel's outcome count the same pages.
      screen.getByText(/3 of 10 pages checked, 7 not checked \(cancelled\)/),
    ).toBeInTheDocument();
    expect(screen.getByText('Not checked (cancelled)')).toBeInTheDocument();
    // A dropped page is its own state: said as not checked, never as a failure of the page.
    expect(screen.getByText('Not checked: the check was cancelled')).toBeInTheDocument();
    expect(screen.getByText('not checked')).toBeInTheDocument();
    expect(screen.queryByText(/cancelled before this page was analysed/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel check' })).toBeNull();
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('offers no cancel once a check has finished', async () => {
    fakeApi({
      [`GET /api/site-checks/${ID}/report`]: {
        ok: true,
        siteCheck: check({
          status: 'completed',
          counts: {
            total: 10,
            queued: 0,
            analyzing: 0,
            completed: 10,
            failed: 0,
            blocked: 0,
            cancelled: 0,
          },
        }),
        report: report({ pagesAnalysed: 10, pagesPending: 0 }),
      },
      'GET /api/auth/get-session': null,
      'GET /api/watches': { ok: true, watches: [] },
    });
    render(
      <MemoryRouter>
        <SiteCheckView id={ID} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Completed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel check' })).toBeNull();
  });
});

describe('a check stopped by its error rate', () => {
  it('says it stopped and why, above the pages analysed before', async () => {
    const message =
      'Stopped: 19 of the last 20 pages failed with a server error or no answer, so the check stopped instead of loading a struggling site. The 21 pages still waiting were not checked and went back to your daily allowance.';
    fakeApi({
      [`GET /api/site-checks/${ID}/report`]: {
        ok: true,
        siteCheck: check({
          status: 'failed',
          source: 'crawl',
          errorCode: 'site_check_error_rate',
          errorMessage: message,
          counts: {
            total: 41,
            queued: 0,
            analyzing: 0,
            completed: 1,
            failed: 19,
            blocked: 0,
            cancelled: 21,
          },
          completedAt: '2026-11-23T10:01:00.000Z',
        }),
        report: report({ pagesAnalysed: 1, pagesFailed: 19, pagesCancelled: 21, pagesPending: 0 }),
      },
    });
    render(
      <MemoryRouter>
        <SiteCheckView id={ID} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Stopped')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(`Check Stopped: Site Failing: ${message}`);
    expect(screen.getByText(/20 of 41 pages checked/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel check' })).toBeNull();
  });
});

describe('a crawl that checks external links', () => {
  it('says how many external targets are answered while its pages are all done', async () => {
    fakeApi({
      [`GET /api/site-checks/${ID}/report`]: {
        ok: true,
        siteCheck: check({
          source: 'crawl',
          counts: {
            total: 10,
            queued: 0,
            analyzing: 0,
            completed: 10,
            failed: 0,
            blocked: 0,
            cancelled: 0,
          },
        }),
        report: report({
          pagesAnalysed: 10,
          pagesPending: 0,
          crawl: {
            score: 90,
            base: 92,
            sitemapRead: false,
            findings: [],
            externalLinks: { total: 40, checked: 13 },
          },
        }),
      },
    });
    render(
      <MemoryRouter>
        <SiteCheckView id={ID} />
      </MemoryRouter>,
    );
    expect(
      await screen.findByText('Checking external links… 13 of 40 answered'),
    ).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '10 of 10 pages checked' })).toBeInTheDocument();
  });
});
