import { catalogueEntry } from '@crawlwise/shared/error-catalogue';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api.ts';
import { jsonResponse, renderRoute } from '../../test/render.tsx';
import type { SiteVerification } from './api/site-verification-api.ts';
import { SiteVerificationsScreen } from './site-verifications-screen.tsx';

const LIMITS = { maxPages: 10_000, pageIntervalMs: 100 };
const VERIFIED_ID = '11111111-2222-3333-4444-555555555555';
const PENDING_ID = '99999999-2222-3333-4444-555555555555';
const TOKEN = 'tok3n-tok3n-tok3n-tok3nA';

function verification(overrides: Partial<SiteVerification>): SiteVerification {
  const siteUrl = overrides.siteUrl ?? 'https://shop.example/';
  return {
    id: PENDING_ID,
    siteUrl,
    token: TOKEN,
    metaTag: `<meta name="crawlwise-site-verification" content="${TOKEN}">`,
    fileUrl: `${siteUrl}.well-known/crawlwise-verification.txt`,
    verifiedAt: null,
    lastCheckedAt: null,
    lastError: null,
    createdAt: '2026-11-26T10:00:00.000Z',
    ...overrides,
  };
}

const verifiedSite = verification({
  id: VERIFIED_ID,
  siteUrl: 'https://blog.example/',
  verifiedAt: '2026-11-20T09:00:00.000Z',
});
const pendingSite = verification({ id: PENDING_ID, siteUrl: 'https://shop.example/' });

const siteCard = (url: string) => screen.getByRole('region', { name: url });

describe('the sites screen', () => {
  it('lists the sites with their state; a pending one shows its token and both proofs', async () => {
    fakeApi({
      'GET /api/site-verifications': {
        ok: true,
        verifications: [verifiedSite, pendingSite],
        verifiedLimits: LIMITS,
      },
    });
    renderRoute(<SiteVerificationsScreen />);
    const verified = await screen.findByRole('region', { name: 'https://blog.example/' });
    expect(verified).toHaveTextContent('Verified Nov 20, 2026');
    expect(within(verified).queryByText(/Publish one of these two proofs/)).not.toBeInTheDocument();
    expect(
      within(verified).getByRole('button', { name: 'Check again https://blog.example/' }),
    ).toBeInTheDocument();

    const pending = siteCard('https://shop.example/');
    expect(pending).toHaveTextContent('Pending');
    expect(pending).toHaveTextContent(`Your token: ${TOKEN}`);
    expect(pending).toHaveTextContent(pendingSite.metaTag);
    expect(pending).toHaveTextContent(
      'Or a file at /.well-known/crawlwise-verification.txt whose whole content is the token',
    );
    expect(pending).toHaveTextContent(pendingSite.fileUrl);
    expect(within(pending).getAllByRole('button', { name: /Copy/ })).toHaveLength(2);
  });

  it('verifies: the catalogue message saying what was found, then success and the new state', async () => {
    const failure =
      'Neither proof was found: the home page has no crawlwise-site-verification meta tag, and /.well-known/crawlwise-verification.txt could not be read (HTTP 404).';
    let checks = 0;
    fakeApi({
      'GET /api/site-verifications': {
        ok: true,
        verifications: [pendingSite],
        verifiedLimits: LIMITS,
      },
      [`POST /api/site-verifications/${PENDING_ID}/check`]: () => {
        checks += 1;
        return checks === 1
          ? jsonResponse({ ok: false, error: 'site_verification_failed', message: failure }, 422)
          : jsonResponse({
              ok: true,
              verification: { ...pendingSite, verifiedAt: '2026-11-26T10:05:00.000Z' },
            });
      },
    });
    const user = userEvent.setup();
    renderRoute(<SiteVerificationsScreen />);
    const verify = await screen.findByRole('button', { name: 'Verify https://shop.example/' });
    await user.click(verify);
    const card = siteCard('https://shop.example/');
    expect(await within(card).findByText(failure, { exact: false })).toHaveTextContent(
      `${catalogueEntry('site_verification_failed').title}: ${failure}`,
    );
    await user.click(verify);
    expect(
      await within(card).findByText(
        /^Verified\. Crawls of this site may now go up to 10,000 pages\.$/,
      ),
    ).toBeInTheDocument();
    expect(card).toHaveTextContent('Verified Nov 26, 2026');
    expect(within(card).queryByText(/Publish one of these two proofs/)).not.toBeInTheDocument();
  });

  it('adds a site by the shared site rules, shows its token, and removes a site', async () => {
    const added = verification({ id: PENDING_ID, siteUrl: 'https://new.example/' });
    const api = fakeApi({
      'GET /api/site-verifications': {
        ok: true,
        verifications: [verifiedSite],
        verifiedLimits: LIMITS,
      },
      'POST /api/site-verifications': () => jsonResponse({ ok: true, verification: added }, 201),
      [`DELETE /api/site-verifications/${VERIFIED_ID}`]: { ok: true },
    });
    const user = userEvent.setup();
    renderRoute(<SiteVerificationsScreen />);
    const field = await screen.findByLabelText("The site's address");
    await user.type(field, 'ftp://new.example');
    await user.click(screen.getByRole('button', { name: 'Add this site' }));
    expect(field).toHaveAccessibleDescription(/.+/);
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await user.clear(field);
    await user.type(field, 'new.example/some/page');
    await user.click(screen.getByRole('button', { name: 'Add this site' }));
    const card = await screen.findByRole('region', { name: 'https://new.example/' });
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      siteUrl: 'https://new.example/',
    });
    expect(
      within(card).getByRole('heading', { name: /Publish one of these two proofs/ }),
    ).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Remove https://blog.example/' }));
    expect(await screen.findByRole('region', { name: 'https://new.example/' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'https://blog.example/' })).not.toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(true);
  });
});
