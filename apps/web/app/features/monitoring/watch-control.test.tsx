import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, USER } from '../../test/fake-api.ts';
import { jsonResponse, renderRoute } from '../../test/render.tsx';
import { sessionStore } from '../auth/index.ts';
import { WatchList } from './watch-list.tsx';
import { WatchPageControl } from './watch-page-control.tsx';
import { WatchSiteControl } from './watch-site-control.tsx';

const PAGE = 'https://shop.example/oak';
const WATCH = {
  id: '0d5c3f9e-4b7a-4a51-9d1e-2f6f1c0b7a11',
  url: PAGE,
  kind: 'page',
  frequency: 'weekly',
  threshold: 8,
  next_run_at: '2026-11-30T09:00:00.000Z',
  last_score: 80,
  last_checked_at: '2026-11-23T09:00:00.000Z',
  created_at: '2026-11-23T09:00:00.000Z',
};

beforeEach(() => sessionStore.reset());

async function signedIn() {
  await sessionStore.refresh();
}

describe('WatchPageControl', () => {
  it('is not offered to an anonymous reader', async () => {
    fakeApi({ 'GET /api/auth/get-session': null });
    await sessionStore.refresh();
    renderRoute(<WatchPageControl url={PAGE} accessToken="tok" />);
    expect(screen.queryByRole('form', { name: 'Watch this page' })).not.toBeInTheDocument();
  });

  it('creates a watch with the chosen frequency and threshold, from this report', async () => {
    const api = fakeApi({
      'GET /api/auth/get-session': { user: USER },
      'GET /api/watches': { ok: true, watches: [] },
      'POST /api/watches': () => jsonResponse({ ok: true, watch: WATCH }, 201),
    });
    await signedIn();
    const user = userEvent.setup();
    renderRoute(<WatchPageControl url={PAGE} accessToken="tok" />);
    const form = await screen.findByRole('form', { name: 'Watch this page' });
    await user.selectOptions(screen.getByLabelText('How often'), 'weekly');
    const threshold = screen.getByLabelText('Email me after a drop of (points)');
    await user.clear(threshold);
    await user.type(threshold, '0');
    expect(screen.getByText('A whole number from 1 to 50.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Watch this page' })).toBeDisabled();
    await user.clear(threshold);
    await user.type(threshold, '8');
    await user.click(screen.getByRole('button', { name: 'Watch this page' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Weekly checks are on: you get an email when the score drops by 8 points or more',
    );
    expect(form).not.toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      url: PAGE,
      kind: 'page',
      frequency: 'weekly',
      threshold: 8,
      reportToken: 'tok',
    });
  });

  it('says so when the page is already watched, and shows a refusal from the server', async () => {
    fakeApi({
      'GET /api/auth/get-session': { user: USER },
      'GET /api/watches': { ok: true, watches: [WATCH] },
    });
    await signedIn();
    const first = renderRoute(<WatchPageControl url={PAGE} accessToken="tok" />);
    expect(await screen.findByRole('status')).toHaveTextContent('Weekly checks are on');
    first.unmount();

    fakeApi({
      'GET /api/watches': { ok: true, watches: [] },
      'POST /api/watches': () =>
        jsonResponse(
          {
            ok: false,
            error: 'watch_limit_reached',
            message: 'You are already watching 10 pages, the most one account can watch.',
          },
          409,
        ),
    });
    const user = userEvent.setup();
    renderRoute(<WatchPageControl url="https://shop.example/chair" accessToken="tok" />);
    await screen.findByRole('form', { name: 'Watch this page' });
    await user.click(await screen.findByRole('button', { name: 'Watch this page' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You are already watching 10 pages');
  });

  it('shows a failed watch list as an error, not as "not watching", and tries again', async () => {
    let fail = true;
    fakeApi({
      'GET /api/auth/get-session': { user: USER },
      'GET /api/watches': () =>
        fail
          ? jsonResponse({ ok: false, error: 'internal_error' }, 500)
          : jsonResponse({ ok: true, watches: [WATCH] }),
    });
    await signedIn();
    const user = userEvent.setup();
    renderRoute(<WatchPageControl url={PAGE} accessToken="tok" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your watches could not be loaded');
    expect(screen.queryByRole('form', { name: 'Watch this page' })).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Weekly checks are on');
  });
});

const SITE = 'https://shop.example/';
const SITE_CHECK_ID = '6a1e0c52-9d4f-4c3b-8a27-5b0e3f1d2c44';
const SITE_WATCH = {
  ...WATCH,
  id: 'b3f1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  url: SITE,
  kind: 'site',
};

describe('WatchSiteControl', () => {
  it('creates a site watch from this site check, not mistaking a page watch of the root for it', async () => {
    const api = fakeApi({
      'GET /api/auth/get-session': { user: USER },
      // A page watch of the same address is another watch.
      'GET /api/watches': { ok: true, watches: [{ ...WATCH, url: SITE }] },
      'POST /api/watches': () =>
        jsonResponse({ ok: true, watch: { ...SITE_WATCH, frequency: 'daily' } }, 201),
    });
    await signedIn();
    const user = userEvent.setup();
    renderRoute(<WatchSiteControl siteUrl={SITE} siteCheckId={SITE_CHECK_ID} />);
    await screen.findByRole('form', { name: 'Watch this site' });
    await user.click(await screen.findByRole('button', { name: 'Watch this site' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Daily checks are on: you get an email when the average score drops by 8 points or more',
    );
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      url: SITE,
      kind: 'site',
      frequency: 'daily',
      threshold: 5,
      siteCheckId: SITE_CHECK_ID,
    });
  });
});

describe('WatchSiteControl on a crawl', () => {
  it('creates a crawl watch, not mistaking the sitemap watch of the same site for it', async () => {
    const api = fakeApi({
      'GET /api/auth/get-session': { user: USER },
      'GET /api/watches': { ok: true, watches: [SITE_WATCH] },
      'POST /api/watches': () =>
        jsonResponse({ ok: true, watch: { ...SITE_WATCH, kind: 'crawl', threshold: 5 } }, 201),
    });
    await signedIn();
    const user = userEvent.setup();
    renderRoute(<WatchSiteControl siteUrl={SITE} siteCheckId={SITE_CHECK_ID} crawl />);
    const form = await screen.findByRole('form', { name: 'Watch this site' });
    expect(form).toHaveTextContent('crawls this site again with the same settings');
    await user.click(screen.getByRole('button', { name: 'Watch this site' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'when the site score drops by 5 points or more',
    );
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      url: SITE,
      kind: 'crawl',
      frequency: 'daily',
      threshold: 5,
      siteCheckId: SITE_CHECK_ID,
    });
  });
});

describe('WatchList', () => {
  it('names the kind of each watch', async () => {
    fakeApi({
      'GET /api/auth/get-session': { user: USER },
      'GET /api/watches': {
        ok: true,
        watches: [WATCH, SITE_WATCH, { ...SITE_WATCH, id: SITE_CHECK_ID, kind: 'crawl' }],
      },
    });
    await signedIn();
    renderRoute(<WatchList />);
    const rows = await screen.findAllByTestId('watch-row');
    expect(rows[0]).toHaveTextContent('Page');
    expect(rows[0]).toHaveTextContent('Last score: 80');
    expect(rows[1]).toHaveTextContent('Whole site');
    expect(rows[1]).toHaveTextContent('Last average score: 80');
    expect(rows[2]).toHaveTextContent('Crawl');
    expect(rows[2]).toHaveTextContent('Last site score: 80');
  });

  it('says so when the watches cannot be loaded', async () => {
    fakeApi({
      'GET /api/watches': () => jsonResponse({ ok: false, error: 'internal_error' }, 500),
    });
    renderRoute(<WatchList />);
    expect(await screen.findByText(/Your watches could not be loaded/)).toBeInTheDocument();
  });

  it('removes a watch at once and asks for the list again', async () => {
    let watches = [WATCH, SITE_WATCH];
    const api = fakeApi({
      'GET /api/watches': () => jsonResponse({ ok: true, watches }),
      [`DELETE /api/watches/${WATCH.id}`]: () => {
        watches = [SITE_WATCH];
        return jsonResponse({ ok: true });
      },
    });
    const user = userEvent.setup();
    renderRoute(<WatchList />);
    expect(await screen.findAllByTestId('watch-row')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: `Remove the watch of ${PAGE}` }));
    expect(await screen.findByText('Watch removed')).toBeInTheDocument();
    expect(screen.getAllByTestId('watch-row')).toHaveLength(1);
    await vi.waitFor(() =>
      expect(api.calls.filter((call) => call.url === '/api/watches')).toHaveLength(2),
    );
  });
});
