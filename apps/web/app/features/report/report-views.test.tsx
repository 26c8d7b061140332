import type { Report } from '@crawlwise/shared/report';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyButton } from '../../components/ui/copy-button.tsx';
import { renderRoute } from '../../test/render.tsx';
import { fullReportResponse, reportResponse } from '../../test/report-fixtures.ts';
import { ReportScreen } from './report-screen.tsx';

/** The report screen with results shown, as the route renders it once the analysis completed. */
function renderResults(report: Report) {
  return renderRoute(
    <ReportScreen
      accessToken="tok"
      report={report}
      error={null}
      loading={false}
      progress={100}
      stage="complete"
      held={false}
      pendingForMs={0}
      resultsShown
      rerun={{ start: () => {}, starting: false, error: null }}
    />,
    { path: '/report', url: '/report?token=tok' },
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the owner view (access full)', () => {
  it('shows every finding grouped by category, with why, how to fix and details', () => {
    const { report } = fullReportResponse();
    renderResults(report);
    const findings = screen.getByRole('region', { name: 'All findings' });
    for (const issue of report.issues) {
      if ('locked' in issue) throw new Error('a full report holds no locked issue');
      expect(within(findings).getAllByText(issue.message).length).toBeGreaterThan(0);
    }
    for (const category of ['Crawlability', 'Metadata', 'Social', 'Content', 'Links']) {
      expect(within(findings).getByRole('heading', { name: new RegExp(category) })).toBeVisible();
    }
    const robots = within(findings).getByRole('article', { name: 'Page is not indexable' });
    expect(within(robots).getByText('Critical')).toBeInTheDocument();
    expect(within(robots).getByText('−30 points')).toBeInTheDocument();
    expect(within(robots).getByText('Remove noindex from the robots meta tag.')).toBeVisible();
    expect(within(robots).getByText('<meta name="robots" content="index, follow">')).toBeVisible();
    // Offending elements sit in the details disclosure.
    const images = within(findings).getByRole('article', { name: 'Missing alt text' });
    expect(within(images).getByText('Details')).toBeInTheDocument();
    expect(within(images).getByText('Src: /img/hero.jpg · Alt: —')).toBeInTheDocument();
    // No "unlock" promise for a reader who has everything.
    expect(screen.queryByRole('heading', { name: 'Unlock Your Full SEO Report' })).toBeNull();
    expect(screen.queryByRole('link', { name: /sign in/i })).toBeNull();
    expect(screen.getByText(/Analysed on/)).toBeInTheDocument();
  });

  it('lists passed checks collapsed', () => {
    renderResults(fullReportResponse().report);
    const findings = screen.getByRole('region', { name: 'All findings' });
    const crawlability = within(findings).getByRole('heading', { name: /Crawlability/ })
      .parentElement!;
    expect(within(crawlability).getByText('Critical')).toBeVisible();
    const summary = within(crawlability).getByText('2 passed checks');
    const disclosure = summary.closest('details')!;
    expect(disclosure).not.toHaveAttribute('open');
    expect(within(disclosure).getByText('HTTPS is on')).not.toBeVisible();
    fireEvent.click(summary);
    expect(disclosure).toHaveAttribute('open');
    expect(within(disclosure).getByText('HTTPS is on')).toBeVisible();
    // Not applicable checks count with the passed ones, under their own label.
    const metadata = within(findings).getByRole('heading', { name: /Metadata/ }).parentElement!;
    expect(within(metadata).getByText('Not applicable')).toBeInTheDocument();
  });

  it('sorts the ledger as "fix this → +N points", biggest first', () => {
    renderResults(fullReportResponse().report);
    const ledger = screen.getByRole('region', { name: 'Score ledger' });
    const rows = within(
      within(ledger).getByRole('list', { name: 'Deductions, biggest gain first' }),
    ).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Fix Page is not indexable (Crawlability)→ +30 points',
      'Fix Title too short (Metadata)→ +4 points',
      'Fix Open Graph tags are missing (Social)→ +3 points',
      'Fix Missing alt text (Content)→ +3 points',
      'Fix Most of the text appears only with JavaScript (Crawlability)→ +2 points',
      'Fix Product is not eligible for rich results: missing offers (Social)→ +2 points',
    ]);
    // Each "fix this" leads to its finding's card.
    const target = within(ledger).getByRole('link', { name: 'Page is not indexable' });
    expect(target).toHaveAttribute('href', '#finding-robots-meta');
    expect(document.getElementById('finding-robots-meta')).toHaveAttribute(
      'data-check',
      'robots-meta',
    );
    const crawlability = within(ledger).getByRole('row', { name: /Crawlability/ });
    expect(crawlability).toHaveTextContent('0 / 100');
    expect(crawlability).toHaveTextContent('32 of 30');
  });

  it('gathers the deductions one cause explains under it in "Fix these first" (issue 27)', () => {
    const { report } = fullReportResponse();
    const caused = new Set(['js-rendering', 'title']);
    renderResults({
      ...report,
      issues: report.issues.map((issue) =>
        'locked' in issue || !caused.has(issue.id)
          ? issue
          : { ...issue, cause: 'client-side-rendering' as const },
      ),
    });
    const ledger = screen.getByRole('region', { name: 'Score ledger' });
    const fixes = within(ledger).getByRole('list', { name: 'Deductions, biggest gain first' });
    const cause = within(fixes).getByText(/One cause: The content is built by JavaScript/);
    const group = cause.closest('li') as HTMLElement;
    expect(group).toHaveTextContent('→ +6 points');
    expect(group).toHaveTextContent('Render the page on the server');
    const explained = within(
      within(group).getByRole('list', { name: 'The 2 findings it explains' }),
    ).getAllByRole('listitem');
    expect(explained.map((row) => row.getAttribute('data-check'))).toEqual([
      'title',
      'js-rendering',
    ]);
  });

  it('shows server and rendered values side by side, the missing text, bots and rich results', () => {
    renderResults(fullReportResponse().report);
    const view = screen.getByRole('region', { name: 'What crawlers see' });
    const title = within(view).getByRole('row', { name: /^Title/ });
    const cells = within(title).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('Loading');
    expect(cells[1]).toHaveTextContent('Oak tables');
    // Each row says whether the two sides agree, never "Passed" beside them (issue 27).
    expect(within(title).getByRole('rowheader')).toHaveTextContent(/Changed/);
    expect(within(view).queryByText('Passed')).toBeNull();
    for (const row of within(view).getAllByRole('row').slice(1)) {
      expect(row.textContent).toMatch(/Same|Changed|Not compared/);
    }
    expect(within(view).getByRole('row', { name: /Hreflang/ })).toHaveTextContent(
      'Not compared: Render timed out',
    );
    expect(within(view).getByText('handmade oak dining tables built to order')).toBeVisible();

    const bots = screen.getByRole('region', { name: 'Bot access' });
    expect(within(bots).getByRole('row', { name: /GPTBot/ })).toHaveTextContent(
      'AI trainingBlockedDisallow: /',
    );
    expect(within(bots).getByRole('row', { name: /Googlebot/ })).toHaveTextContent('Allowed');

    const rich = screen.getByRole('region', { name: 'Rich results' });
    expect(within(rich).getByText('The page declares 2 JSON-LD blocks.')).toBeVisible();
    expect(within(rich).getByText('Organization')).toBeVisible();
    // Product: once among the declared types, once as a judged item.
    expect(within(rich).getAllByText('Product')).toHaveLength(2);
    // Each judged item, eligible or not, with what it lacks; the fix is on the finding's card.
    const items = within(
      within(rich).getByRole('list', { name: 'Rich-result eligibility by item' }),
    ).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Product→ Product snippets(block 1)Not eligible');
    expect(items[0]).toHaveTextContent('Missing required: offers');
    expect(items[0]).toHaveTextContent('Invalid: image: not a URL');
    expect(items[0]).toHaveTextContent('Could add: brand');
    expect(items[1]).toHaveTextContent('BreadcrumbList→ Breadcrumbs(block 2)Eligible');
    expect(within(rich).getByRole('link', { name: /How to fix it/ })).toHaveAttribute(
      'href',
      '#finding-rich-results',
    );
  });
});

describe('the anonymous view (access anonymous)', () => {
  it('keeps the spec experience and adds category scores and counts, nothing locked', () => {
    const { report } = reportResponse('completed');
    renderResults(report);
    expect(screen.getByRole('heading', { name: 'Top Issues (4)' })).toBeVisible();
    const categories = screen.getByRole('region', { name: 'Scores by category' });
    const social = within(categories).getByText('Social').closest('li')!;
    expect(social).toHaveTextContent('70 / 100');
    expect(social).toHaveTextContent('1 finding, 1 issue to fix');
    const crawlability = within(categories).getByText('Crawlability').closest('li')!;
    expect(crawlability).toHaveTextContent('2 findings, 1 issue to fix');
    expect(
      within(categories).getByRole('link', { name: 'Sign in to see all 5 findings' }),
    ).toHaveAttribute('href', '/auth?next=%2Freport%3Ftoken%3Dtok');
    // Passed checks are free and listed collapsed.
    expect(within(categories).getByText('1 passed check').closest('details')).not.toHaveAttribute(
      'open',
    );
    // The full report's sections are not offered.
    for (const name of ['Score ledger', 'All findings', 'What crawlers see', 'Bot access']) {
      expect(screen.queryByRole('region', { name })).toBeNull();
    }
  });

  it('has an unlock banner that says what signing in gives', () => {
    renderResults(reportResponse('completed').report);
    const banner = screen.getByRole('heading', { name: 'Unlock Your Full SEO Report' })
      .parentElement!;
    expect(banner).toHaveTextContent(/every finding/);
    expect(banner).toHaveTextContent(/score ledger/);
    expect(banner).toHaveTextContent(/with and without JavaScript/);
    expect(banner).toHaveTextContent(/free while we are in beta/);
    expect(banner).not.toHaveTextContent(/export/i);
    expect(screen.getByRole('link', { name: 'Sign in free' })).toHaveAttribute(
      'href',
      '/auth?next=%2Freport%3Ftoken%3Dtok',
    );
    expect(screen.getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute(
      'href',
      '/pricing',
    );
  });
});

describe('results arriving', () => {
  it('moves focus to the results heading when they appear while the visitor waits (issue 27)', () => {
    const { report } = fullReportResponse();
    const props = {
      accessToken: 'tok',
      report,
      error: null,
      loading: false,
      progress: 100,
      stage: 'complete' as const,
      held: false,
      pendingForMs: 0,
      rerun: { start: () => {}, starting: false, error: null },
    };
    const { rerender } = renderRoute(<ReportScreen {...props} resultsShown={false} />, {
      path: '/report',
      url: '/report?token=tok',
    });
    expect(document.activeElement).toBe(document.body);
    rerender(<ReportScreen {...props} resultsShown />);
    expect(document.activeElement).toHaveTextContent(`Results: score ${report.score} out of 100`);
  });

  it('leaves focus alone when a finished report is opened', () => {
    renderResults(fullReportResponse().report);
    expect(document.activeElement).toBe(document.body);
  });
});

describe('CopyButton', () => {
  it('copies the snippet and says so', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderRoute(<CopyButton text="<link rel=canonical>" label="Copy fix snippet" />);
    const button = screen.getByRole('button', { name: 'Copy fix snippet' });
    await act(async () => {
      fireEvent.click(button);
    });
    expect(writeText).toHaveBeenCalledWith('<link rel=canonical>');
    expect(button).toHaveTextContent('Copied');
  });

  it('says when the clipboard refuses', async () => {
    const writeText = vi.fn(async () => {
      throw new Error('denied');
    });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderRoute(<CopyButton text="x" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    });
    expect(screen.getByRole('button', { name: 'Copy' })).toHaveTextContent('Copy failed');
  });

  it('gives every fix snippet of the owner view a copy button', () => {
    renderResults(fullReportResponse().report);
    expect(screen.getAllByRole('button', { name: 'Copy fix snippet' })).toHaveLength(3);
  });
});
