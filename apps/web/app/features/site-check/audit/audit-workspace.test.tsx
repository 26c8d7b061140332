import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, USER } from '../../../test/fake-api.ts';
import { jsonResponse, renderRoute } from '../../../test/render.tsx';
import { sessionStore } from '../../auth/index.ts';
import {
  AUDIT_ID,
  crawlCheck,
  diff,
  duplicates,
  issueItems,
  issues,
  links,
  overview,
  PREVIOUS_ID,
  pages,
  structure,
} from './audit-fixtures.ts';
import { SiteAuditWorkspace } from './audit-workspace.tsx';

const API = `/api/site-checks/${AUDIT_ID}/audit`;

function routes(extra: Record<string, unknown> = {}) {
  return fakeApi({
    [`GET ${API}/overview`]: overview(),
    'GET /api/watches': { ok: true, watches: [] },
    [`GET ${API}/pages`]: ({ url }: { url: string }) => {
      const page = Number(new URL(url, 'http://x').searchParams.get('page') ?? 1);
      return jsonResponse(pages(page));
    },
    [`GET ${API}/issues`]: issues(),
    [`GET ${API}/issues/orphan-pages/items`]: ({ url }: { url: string }) => {
      const page = Number(new URL(url, 'http://x').searchParams.get('page') ?? 1);
      return jsonResponse(issueItems(page, 60));
    },
    [`GET ${API}/links`]: links(),
    [`GET ${API}/structure`]: structure(),
    [`GET ${API}/duplicates`]: duplicates(),
    [`GET ${API}/duplicates/diff`]: diff(),
    ...extra,
  });
}

const open = (search: string) =>
  renderRoute(<SiteAuditWorkspace id={AUDIT_ID} />, {
    path: '/site-check',
    url: `/site-check?id=${AUDIT_ID}${search}`,
  });

const requested = (api: ReturnType<typeof fakeApi>, path: string) =>
  api.calls.filter((call) => call.url.startsWith(`${API}/${path}`)).map((call) => call.url);

afterEach(() => {
  sessionStore.reset();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

// The views other than the Overview are lazy chunks (issue 20.6): their modules are loaded
// once here, so a test's first switch of view does not spend its time budget transforming them.
beforeAll(async () => {
  await Promise.all([
    import('./compare-view.tsx'),
    import('./duplicates-view.tsx'),
    import('./issues-view.tsx'),
    import('./links-view.tsx'),
    import('./pages-view.tsx'),
    import('./structure-view.tsx'),
    import('../site-check-view.tsx'),
    import('../cancel-site-check.tsx'),
    import('../../monitoring/index.ts'),
  ]);
}, 60_000);

describe('the site audit workspace', () => {
  it('opens on the overview: score and its ledger, pages, top issues, the previous crawl', async () => {
    routes();
    const { router } = open('');
    await screen.findByRole('heading', { name: 'What to fix first' });
    const tabs = screen.getByRole('navigation', { name: 'Site audit views' });
    expect(within(tabs).getByRole('link', { name: 'Overview' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(tabs).getAllByRole('link')).toHaveLength(6);
    const ledger = screen.getByRole('table', { name: 'How the site score is made' });
    expect(ledger).toHaveTextContent('Average page score (the base)84');
    expect(ledger).toHaveTextContent('Orphan pages−4');
    expect(ledger).toHaveTextContent('Site score78');
    // Worth is rounded to one decimal.
    expect(screen.getByText(/40 items · worth 2.3 average score points/)).toBeInTheDocument();
    expect(screen.getByText(/1 new issue, 2 fixed/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All issues (CSV)' })).toHaveAttribute(
      'href',
      `${API}/issues.csv`,
    );
    // A top issue opens in the Issues view, already expanded.
    await userEvent.click(screen.getByRole('link', { name: 'Images without alt text' }));
    expect(router.state.location.search).toBe(`?id=${AUDIT_ID}&tab=issues&issue=image-alt`);
    await screen.findByRole('button', { name: /Images without alt text/, expanded: true });
    expect(
      screen.getByRole('link', { name: 'See these pages in the table' }).getAttribute('href'),
    ).toBe(`/site-check?id=${AUDIT_ID}&tab=pages&issue=image-alt`);
  });

  it('offers to watch a finished crawl: the watch re-runs this crawl (kind crawl, this check)', async () => {
    const api = routes({
      'GET /api/auth/get-session': { user: USER },
      'POST /api/watches': () =>
        jsonResponse(
          {
            ok: true,
            watch: {
              id: 'b3f1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
              url: 'https://shop.example/',
              kind: 'crawl',
              frequency: 'daily',
              threshold: 5,
              next_run_at: '2026-11-30T09:00:00.000Z',
              last_score: 78,
              last_checked_at: '2026-11-23T09:00:00.000Z',
              created_at: '2026-11-23T09:00:00.000Z',
            },
          },
          201,
        ),
    });
    await sessionStore.refresh();
    const user = userEvent.setup();
    open('');
    const form = await screen.findByRole('form', { name: 'Watch this site' });
    expect(form).toHaveTextContent('crawls this site again with the same settings');
    expect(form).toHaveTextContent('an internal link breaks, a page stops being indexable');
    await user.click(within(form).getByRole('button', { name: 'Watch this site' }));
    expect(await screen.findByRole('status', { name: '' })).toHaveTextContent(
      'Daily checks are on: you get an email when the site score drops by 5 points or more',
    );
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      url: 'https://shop.example/',
      kind: 'crawl',
      frequency: 'daily',
      threshold: 5,
      siteCheckId: AUDIT_ID,
    });
  });

  it('follows a running crawl: counts, pace, time left, last pages, and Cancel', async () => {
    routes({
      [`GET ${API}/overview`]: overview(
        {
          progress: {
            discovered: 90,
            waiting: 50,
            done: 38,
            failed: 2,
            pagesPerMinute: 24.4,
            etaSeconds: 125,
            lastPages: [
              {
                url: 'https://shop.example/p/3',
                state: 'completed',
                score: 91,
                finishedAt: '2026-11-26T10:00:00.000Z',
              },
            ],
          },
        },
        { status: 'running', completedAt: null },
      ),
    });
    open('');
    await screen.findByRole('heading', { name: 'Crawling' });
    expect(screen.getByText('24 pages a minute · about 2 min left')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Pages finished' })).toHaveAttribute(
      'value',
      '40',
    );
    expect(screen.getByText('91')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel check' })).toBeInTheDocument();
  });

  it('keeps the one-page report for a sitemap check', async () => {
    routes({
      [`GET ${API}/overview`]: overview({}, { source: 'sitemap' }),
      [`GET /api/site-checks/${AUDIT_ID}/report`]: {
        ok: true,
        siteCheck: crawlCheck({ source: 'sitemap' }),
        report: {
          pagesAnalysed: 115,
          pagesFailed: 5,
          pagesCancelled: 0,
          pagesBlocked: 0,
          pagesRedirected: 0,
          pagesPending: 0,
          averageScore: 80,
          pages: [],
          duplicateTitles: [],
          duplicateDescriptions: [],
          canonicalElsewhere: [],
          robotsBlocked: [],
          entryProblems: [],
          crawl: null,
        },
      },
    });
    open('');
    await screen.findByRole('heading', { name: /Pages by score/ });
    expect(screen.queryByRole('navigation', { name: 'Site audit views' })).toBeNull();
  });

  it('pages: sort, filters and paging go to the address and to the server', async () => {
    const api = routes();
    const { router } = open('&tab=pages');
    await screen.findByText('Showing 1–50 of 120');
    expect(screen.getAllByRole('row')).toHaveLength(51);
    expect(screen.getByRole('link', { name: 'https://shop.example/p/1' })).toHaveAttribute(
      'href',
      '/report?token=token-1',
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Words/ }));
    expect(router.state.location.search).toBe(`?id=${AUDIT_ID}&tab=pages&sort=words&dir=asc`);
    expect(screen.getByRole('columnheader', { name: /Words/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await user.click(screen.getByRole('button', { name: /^Words/ }));
    expect(router.state.location.search).toContain('sort=words&dir=desc');
    await user.selectOptions(screen.getByLabelText('Indexable'), 'no');
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(router.state.location.search).toBe(
      `?id=${AUDIT_ID}&tab=pages&sort=words&dir=desc&indexable=no&page=2`,
    );
    await screen.findByText('Showing 51–100 of 120');
    expect(requested(api, 'pages').at(-1)).toBe(
      `${API}/pages?page=2&pageSize=50&sort=words&dir=desc&indexable=no`,
    );
    // The CSV holds the full result of the same filters: no paging.
    expect(screen.getByRole('link', { name: 'Download CSV (all matching)' })).toHaveAttribute(
      'href',
      `${API}/pages.csv?sort=words&dir=desc&indexable=no`,
    );
    // Back undoes the last step.
    act(() => void router.navigate(-1));
    await screen.findByText('Showing 1–50 of 120');
    expect(router.state.location.search).not.toContain('page=2');
  }, 20_000);

  it('pages: the search waits for a pause, then replaces the address and resets the page', async () => {
    const api = routes();
    const { router } = open('&tab=pages&page=2');
    await screen.findByText('Showing 51–100 of 120');
    const historyLength = router.state.historyAction;
    const before = requested(api, 'pages').length;
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const box = screen.getByLabelText('Search address or title');
    fireEvent.change(box, { target: { value: 'c' } });
    fireEvent.change(box, { target: { value: 'cha' } });
    fireEvent.change(box, { target: { value: 'chair' } });
    expect(requested(api, 'pages')).toHaveLength(before);
    await act(async () => void vi.advanceTimersByTime(400));
    expect(router.state.location.search).toBe(`?id=${AUDIT_ID}&tab=pages&q=chair`);
    expect(router.state.historyAction).toBe('REPLACE');
    expect(historyLength).toBe('POP');
    await vi.waitFor(() =>
      expect(requested(api, 'pages').at(-1)).toBe(
        `${API}/pages?page=1&pageSize=50&sort=score&dir=asc&q=chair`,
      ),
    );
    expect(requested(api, 'pages')).toHaveLength(before + 1);
  });

  it('pages: an address the server would refuse shows the default view', async () => {
    const api = routes();
    open('&tab=pages&sort=nonsense&page=-3');
    await screen.findByText('Showing 1–50 of 120');
    expect(requested(api, 'pages')[0]).toBe(`${API}/pages?page=1&pageSize=50&sort=score&dir=asc`);
  });

  it('issues: opening one shows why, how to fix, its items paged with their sources, and its CSV', async () => {
    routes();
    const { router } = open('&tab=issues');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Orphan pages/ }));
    expect(router.state.location.search).toBe(`?id=${AUDIT_ID}&tab=issues&issue=orphan-pages`);
    await screen.findByText('Showing 1–50 of 60');
    expect(screen.getByText('No crawled page links to them.')).toBeInTheDocument();
    expect(
      screen.getAllByText(
        'Linked from https://shop.example/sitemap.xml (“Sitemap entry”) and 2 more',
      ),
    ).toHaveLength(50);
    expect(screen.getByRole('link', { name: 'Download CSV (all items)' })).toHaveAttribute(
      'href',
      `${API}/issues/orphan-pages/items.csv`,
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Showing 51–60 of 60');
    expect(router.state.location.search).toContain('ipage=2');
    await user.click(screen.getByRole('button', { name: /Orphan pages/ }));
    expect(router.state.location.search).toBe(`?id=${AUDIT_ID}&tab=issues`);
  });

  it('links: source → target with anchor and status, the section filter from the answer', async () => {
    const api = routes();
    const { router } = open('&tab=links');
    await screen.findByText('Showing 1–2 of 2');
    expect(screen.getByText('Old sale')).toBeInTheDocument();
    expect(screen.getByText('timeout')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Source section'), '/blog');
    expect(router.state.location.search).toBe(`?id=${AUDIT_ID}&tab=links&section=%2Fblog`);
    await vi.waitFor(() => expect(requested(api, 'links').at(-1)).toContain('section=%2Fblog'));
    await user.click(screen.getByRole('button', { name: 'Redirected' }));
    expect(router.state.location.search).toBe(`?id=${AUDIT_ID}&tab=links&kind=redirected`);
  });

  it('links: the status filter offers the statuses of this crawl, "no answer" among them', async () => {
    const api = routes();
    const { router } = open('&tab=links');
    await screen.findByText('Showing 1–2 of 2');
    const status = screen.getByLabelText('Status');
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Any', '404 (1)', 'No answer (1)']);
    const user = userEvent.setup();
    await user.selectOptions(status, 'No answer (1)');
    expect(router.state.location.search).toBe(`?id=${AUDIT_ID}&tab=links&status=none`);
    await vi.waitFor(() => expect(requested(api, 'links').at(-1)).toContain('status=none'));
    await user.selectOptions(status, '404 (1)');
    expect(router.state.location.search).toBe(`?id=${AUDIT_ID}&tab=links&status=404`);
    await vi.waitFor(() => expect(requested(api, 'links').at(-1)).toContain('status=404'));
    expect(screen.getByLabelText('Status')).toHaveValue('404');
  });

  it('links: a status from the address this crawl lacks stays selected, not dropped', async () => {
    routes();
    open('&tab=links&status=503');
    await screen.findByText('Showing 1–2 of 2');
    const status = screen.getByLabelText('Status');
    expect(status).toHaveValue('503');
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Any', '404 (1)', 'No answer (1)', '503']);
  });

  it('structure: the depth histogram is a table; orphans link to their issue', async () => {
    routes();
    open('&tab=structure');
    const table = await screen.findByRole('table', { name: 'Pages by click depth' });
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    expect(within(table).getByRole('rowheader', { name: 'No link' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the orphan pages' }).getAttribute('href')).toBe(
      `/site-check?id=${AUDIT_ID}&tab=issues&issue=orphan-pages`,
    );
  });

  it('duplicates: two members side by side, the differing blocks marked', async () => {
    routes();
    const { router } = open('&tab=duplicates');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Compare two side by side' }));
    expect(router.state.location.search).toBe(
      `?id=${AUDIT_ID}&tab=duplicates&a=${encodeURIComponent('https://shop.example/red-chair')}&b=${encodeURIComponent('https://shop.example/blue-chair')}`,
    );
    const red = await screen.findByRole('region', { name: 'https://shop.example/red-chair' });
    expect(within(red).getByText('Only on this page:', { exact: false })).toHaveTextContent(
      'Only on this page:',
    );
    expect(within(red).getAllByRole('listitem')[1]).toHaveTextContent(
      'Only on this page: Painted red.',
    );
    expect(within(red).getAllByRole('listitem')[0]).toHaveTextContent('Handmade oak chair.');
    expect(screen.getByText(/The text is cut here/)).toBeInTheDocument();
  });

  it('compare: new and fixed issues, pages added and removed, score changes', async () => {
    routes({
      [`GET ${API}/compare/${PREVIOUS_ID}`]: {
        ok: true,
        before: crawlCheck({ id: PREVIOUS_ID, createdAt: '2026-11-20T09:00:00.000Z' }),
        after: crawlCheck(),
        score: { before: 74, after: 78 },
        issues: [
          { ...issueChange('orphan-pages', 'Orphan pages'), change: 'fixed', before: 2, after: 0 },
          {
            ...issueChange('image-alt', 'Images without alt text'),
            change: 'new',
            before: 0,
            after: 4,
          },
          { ...issueChange('deep-pages', 'Deep pages'), change: 'same', before: 1, after: 1 },
        ],
        pagesAdded: { total: 3, urls: ['https://shop.example/new'] },
        pagesRemoved: { total: 0, urls: [] },
        scoreChanges: [{ url: 'https://shop.example/p/1', before: 60, after: 72 }],
      },
    });
    const { router } = open('');
    await userEvent.click(
      await screen.findByRole('link', { name: 'Compare with the previous crawl' }),
    );
    expect(router.state.location.search).toBe(`?id=${AUDIT_ID}&compare=${PREVIOUS_ID}`);
    await screen.findByRole('heading', { name: 'Compared with an earlier crawl' });
    const changed = screen.getByRole('table');
    expect(within(changed).getAllByRole('row')).toHaveLength(3);
    expect(changed).toHaveTextContent('Fixed');
    expect(changed).toHaveTextContent('New');
    expect(screen.getByText('3 added, 0 removed')).toBeInTheDocument();
    expect(screen.getByText('And 2 more.')).toBeInTheDocument();
    expect(screen.getByText('60 → 72 (+12)')).toBeInTheDocument();
  });
});

function issueChange(id: string, title: string) {
  return { kind: 'site' as const, id, title, severity: 'warning' as const };
}
