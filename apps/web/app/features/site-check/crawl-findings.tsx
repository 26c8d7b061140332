import type { CrawlSummary, SiteReportPage } from '@crawlwise/shared/api/site-checks';
import { siteFindingTone } from '@crawlwise/shared/display';
import { Badge } from '../../components/ui/badge.tsx';
import { Card } from '../../components/ui/card.tsx';
import { LinkedFrom } from './finding-sources.tsx';

/**
 * A crawl's problems between pages (issue 19): each site-level finding with why it matters, how
 * to fix it and its pages, most serious first. A finding opens to its pages; long lists show
 * their first items here and every one in the CSV download.
 */

/** Items shown per finding before "and N more". */
const SHOWN_ITEMS = 50;

export function CrawlFindings({ crawl }: { crawl: CrawlSummary }) {
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">
        Problems between pages{' '}
        <span className="font-normal text-slate-600">({crawl.findings.length})</span>
      </h2>
      {crawl.findings.length === 0 ? (
        <p className="mt-3 text-slate-600">
          No broken, redirected, orphaned or duplicated pages were found among the crawled pages.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {crawl.findings.map((finding) => (
            <li key={finding.id} className="py-2">
              <details>
                <summary className="flex cursor-pointer flex-wrap items-center gap-2 py-1">
                  <Badge tone={siteFindingTone(finding.severity)}>{finding.severity}</Badge>
                  <span className="font-medium text-slate-900">{finding.title}</span>
                  <span className="text-sm text-slate-600">
                    {finding.count} {finding.count === 1 ? 'item' : 'items'}
                    {finding.points > 0 ? ` · −${finding.points} site score` : ''}
                  </span>
                </summary>
                <div className="mt-2 space-y-2 text-sm">
                  <p className="text-slate-700">{finding.why}</p>
                  <p className="text-slate-700">
                    <span className="font-medium text-slate-900">How to fix: </span>
                    {finding.howToFix}
                  </p>
                  <ul className="space-y-2">
                    {finding.items.slice(0, SHOWN_ITEMS).map((item) => (
                      <li key={`${item.url} ${item.detail ?? ''}`}>
                        <p className="break-all text-slate-900">{item.url}</p>
                        {item.detail ? (
                          <p className="break-all text-slate-600">{item.detail}</p>
                        ) : null}
                        <LinkedFrom item={item} />
                      </li>
                    ))}
                  </ul>
                  {finding.count > SHOWN_ITEMS ? (
                    <p className="text-slate-600">
                      And {finding.count - SHOWN_ITEMS} more: every one is in the CSV download.
                    </p>
                  ) : null}
                </div>
              </details>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** "2 clicks deep · 5 pages link here · link score 40" for a crawled page. */
export function crawlFactsText(page: SiteReportPage): string | null {
  if (page.inbound === null) return null;
  const parts = [
    page.depth === null
      ? 'reached by no link'
      : `${page.depth} ${page.depth === 1 ? 'click' : 'clicks'} deep`,
    `${page.inbound} ${page.inbound === 1 ? 'page links' : 'pages link'} here`,
  ];
  if (page.linkScore !== null) parts.push(`link score ${page.linkScore}`);
  return parts.join(' · ');
}
