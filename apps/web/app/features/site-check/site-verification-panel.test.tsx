import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api.ts';
import { jsonResponse } from '../../test/render.tsx';
import type { SiteVerification } from './api/site-verification-api.ts';
import { SiteVerificationPanel } from './site-verification-panel.tsx';
import { OWN_VERIFICATIONS } from './site-verification-proofs.tsx';
import { StartSiteCheckForm } from './start-form.tsx';

const SITE = 'https://shop.example/';
const ID = '99999999-2222-3333-4444-555555555555';
const TOKEN = 'tok3n-tok3n-tok3n-tok3nA';
const LIMITS = { maxPages: 10_000, pageIntervalMs: 100 };

function verification(overrides: Partial<SiteVerification> = {}): SiteVerification {
  return {
    id: ID,
    siteUrl: SITE,
    token: TOKEN,
    metaTag: `<meta name="crawlwise-site-verification" content="${TOKEN}">`,
    fileUrl: `${SITE}.well-known/crawlwise-verification.txt`,
    verifiedAt: null,
    lastCheckedAt: null,
    lastError: null,
    createdAt: '2026-11-26T10:00:00.000Z',
    ...overrides,
  };
}

describe('the site verification panel', () => {
  it('starts a verification, shows both proofs, and announces each check', async () => {
    const failure =
      'Neither proof was found: the home page has no crawlwise-site-verification meta tag, and /.well-known/crawlwise-verification.txt could not be read (HTTP 404).';
    let checks = 0;
    const api = fakeApi({
      'GET /api/site-verifications': { ok: true, verifications: [], verifiedLimits: LIMITS },
      'POST /api/site-verifications': { ok: true, verification: verification() },
      [`POST /api/site-verifications/${ID}/check`]: () => {
        checks += 1;
        return checks === 1
          ? jsonResponse({ ok: false, error: 'site_verification_failed', message: failure }, 422)
          : jsonResponse({
              ok: true,
              verification: verification({ verifiedAt: '2026-11-26T10:05:00.000Z' }),
            });
      },
    });
    const onLimit = vi.fn();
    const user = userEvent.setup();
    render(<SiteVerificationPanel siteUrl={SITE} onLimit={onLimit} />, { wrapper: MemoryRouter });

    expect(
      await screen.findByRole('heading', { name: 'You have not verified this site' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/at most 500 pages, one page a second/)).toBeInTheDocument();
    // Verifications are per account, in a team too: the panel does not let a teammate's count.
    expect(screen.getByText(OWN_VERIFICATIONS)).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'All your sites and their verification' }),
    ).toHaveAttribute('href', '/sites');
    await user.click(screen.getByRole('button', { name: 'Verify this site' }));

    const instructions = await screen.findByRole('heading', {
      name: 'Publish one of these two proofs, then check',
    });
    expect(instructions).toHaveFocus();
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ siteUrl: SITE });
    expect(screen.getByText(verification().metaTag)).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Copy meta tag for the head of your home page' }),
    ).toBeInTheDocument();
    expect(screen.getAllByText(TOKEN).length).toBeGreaterThanOrEqual(2);

    await user.click(screen.getByRole('button', { name: 'Check now' }));
    const status = screen.getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent(`Site Not Verified Yet: ${failure}`));
    expect(screen.getByRole('button', { name: 'Check now' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Check now' }));
    await waitFor(() =>
      expect(status).toHaveTextContent(
        'Verified. Crawls of this site may now go up to 10,000 pages.',
      ),
    );
    expect(
      screen.getByRole('heading', { name: 'You have verified this site' }),
    ).toBeInTheDocument();
    expect(onLimit).toHaveBeenLastCalledWith({ verified: true, maxPages: 10_000 });
  });
});

describe('the panel after a reload', () => {
  it('shows the proofs and what the last check found, and nothing for an invalid address', async () => {
    fakeApi({
      'GET /api/site-verifications': {
        ok: true,
        verifications: [verification({ lastError: 'Neither proof was found: the file is empty.' })],
        verifiedLimits: LIMITS,
      },
    });
    const { rerender } = render(<SiteVerificationPanel siteUrl={SITE} onLimit={() => {}} />, {
      wrapper: MemoryRouter,
    });
    expect(
      await screen.findByText('Last check: Neither proof was found: the file is empty.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify this site' })).toBeNull();
    rerender(<SiteVerificationPanel siteUrl={null} onLimit={() => {}} />);
    expect(screen.queryByRole('heading', { name: 'You have not verified this site' })).toBeNull();
  });
});

describe('the start form and a verified site', () => {
  it('lets the crawl ask for the verified number of pages', async () => {
    const api = fakeApi({
      'GET /api/site-verifications': {
        ok: true,
        verifications: [verification({ verifiedAt: '2026-11-26T10:05:00.000Z' })],
        verifiedLimits: LIMITS,
      },
      'POST /api/site-checks': (request: { body: unknown }) =>
        jsonResponse({ ok: true, siteCheck: { id: 'started', body: request.body } }, 201),
    });
    const onStarted = vi.fn();
    const user = userEvent.setup();
    render(<StartSiteCheckForm onStarted={onStarted} />, { wrapper: MemoryRouter });

    const pages = screen.getByLabelText('Pages at most');
    expect(pages).toHaveAccessibleDescription(/From 1 to 500; verify the site/);
    await user.type(screen.getByLabelText('Site address'), 'shop.example');
    await waitFor(() =>
      expect(pages).toHaveAccessibleDescription('From 1 to 10,000: you have verified this site.'),
    );
    await user.clear(pages);
    await user.type(pages, '2500');
    await user.click(screen.getByRole('button', { name: 'Start site check' }));
    await waitFor(() => expect(onStarted).toHaveBeenCalledWith('started'));
    expect(api.calls.at(-1)?.body).toEqual({
      siteUrl: SITE,
      source: 'crawl',
      crawl: { maxPages: 2500 },
    });
  });
});
