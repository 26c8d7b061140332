import { catalogueEntry } from '@crawlwise/shared/error-catalogue';
import {
  DEFAULT_CRAWL_DEPTH,
  DEFAULT_CRAWL_MAX_EXTERNAL,
  MAX_CRAWL_PAGES,
  MAX_SITE_CHECK_LIST_CHARS,
  MAX_SITE_CHECK_PAGES,
  parseSiteAddress,
  parseSiteAddressList,
  type SiteCheckSource,
} from '@crawlwise/shared/site-check';
import { Globe } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input, Textarea } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { startSiteCheck } from './api/site-check-api.ts';
import { type CrawlLimit, SiteVerificationPanel } from './site-verification-panel.tsx';

/** What the page-count field says: the cap of this site, verified or not. */
function pagesHint(limit: CrawlLimit): string {
  const cap = limit.maxPages.toLocaleString('en');
  return limit.verified
    ? `From 1 to ${cap}: you have verified this site.`
    : `From 1 to ${cap}; verify the site below to crawl more.`;
}

/**
 * Start a whole-site check: the site's address, then a crawl that follows its links (the first
 * choice: what a site auditor does), its sitemaps (found by the server) or a pasted list. The list is read with the server's own rules, so the count shown is the
 * count queued.
 */
export function StartSiteCheckForm({ onStarted }: { onStarted: (id: string) => void }) {
  const [siteUrl, setSiteUrl] = useState('');
  const [source, setSource] = useState<SiteCheckSource>('crawl');
  const [list, setList] = useState('');
  const [error, setError] = useState<{
    field: 'site' | 'list' | 'pages' | 'form';
    text: string;
  } | null>(null);
  const [busy, setBusy] = useState(false);
  const [crawlLimit, setCrawlLimit] = useState<CrawlLimit>({
    verified: false,
    maxPages: MAX_CRAWL_PAGES,
  });
  const [maxPages, setMaxPages] = useState(String(MAX_SITE_CHECK_PAGES));
  const [checkExternal, setCheckExternal] = useState(false);

  const site = parseSiteAddress(siteUrl);
  const preview =
    source === 'list' && site.ok && list.trim() ? parseSiteAddressList(list, site.site) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!site.ok) {
      setError({ field: 'site', text: site.message });
      return;
    }
    if (source === 'list' && (!preview || preview.urls.length === 0)) {
      setError({ field: 'list', text: catalogueEntry('site_check_no_pages').description });
      return;
    }
    const pages = Number(maxPages);
    if (
      source === 'crawl' &&
      (!Number.isInteger(pages) || pages < 1 || pages > crawlLimit.maxPages)
    ) {
      setError({ field: 'pages', text: pagesHint(crawlLimit) });
      return;
    }
    setError(null);
    setBusy(true);
    const result = await startSiteCheck({
      siteUrl: site.site.href,
      source,
      ...(source === 'list' ? { list } : {}),
      ...(source === 'crawl'
        ? { crawl: { maxPages: pages, ...(checkExternal ? { checkExternal: true } : {}) } }
        : {}),
    });
    setBusy(false);
    if (result.ok) {
      onStarted(result.data.siteCheck.id);
      return;
    }
    const entry = catalogueEntry(result.code);
    setError({ field: 'form', text: `${entry.title}: ${result.message ?? entry.description}` });
  };

  return (
    <Card>
      <form onSubmit={submit} noValidate className="space-y-5">
        <FormField
          id="site-url"
          label="Site address"
          hint="The home page of the site, such as https://example.com"
          {...(error?.field === 'site' ? { error: error.text } : {})}
        >
          {(describedBy) => (
            <Input
              id="site-url"
              name="siteUrl"
              type="text"
              inputMode="url"
              autoComplete="url"
              placeholder="https://example.com"
              value={siteUrl}
              onChange={(event) => setSiteUrl(event.target.value)}
              invalid={error?.field === 'site'}
              aria-describedby={describedBy}
            />
          )}
        </FormField>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">Pages to check</legend>
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input
              type="radio"
              name="source"
              value="crawl"
              className="mt-1 accent-brand-600"
              checked={source === 'crawl'}
              onChange={() => setSource('crawl')}
            />
            <span>
              <span className="font-medium text-slate-900">By following links</span> — from the
              address above, the internal links of every page, up to the number of pages below and{' '}
              {DEFAULT_CRAWL_DEPTH} clicks deep (robots.txt and nofollow respected)
            </span>
          </label>
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input
              type="radio"
              name="source"
              value="sitemap"
              className="mt-1 accent-brand-600"
              checked={source === 'sitemap'}
              onChange={() => setSource('sitemap')}
            />
            <span>
              <span className="font-medium text-slate-900">From the sitemap</span> — found through
              robots.txt or /sitemap.xml (sitemap indexes and .gz files included)
            </span>
          </label>
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input
              type="radio"
              name="source"
              value="list"
              className="mt-1 accent-brand-600"
              checked={source === 'list'}
              onChange={() => setSource('list')}
            />
            <span>
              <span className="font-medium text-slate-900">From a list</span> — paste addresses, one
              per line, or a CSV export
            </span>
          </label>
        </fieldset>
        {source === 'crawl' ? (
          <FormField
            id="crawl-max-pages"
            label="Pages at most"
            hint={pagesHint(crawlLimit)}
            {...(error?.field === 'pages' ? { error: error.text } : {})}
          >
            {(describedBy) => (
              <Input
                id="crawl-max-pages"
                name="maxPages"
                type="number"
                inputMode="numeric"
                min={1}
                max={crawlLimit.maxPages}
                value={maxPages}
                onChange={(event) => setMaxPages(event.target.value)}
                invalid={error?.field === 'pages'}
                aria-describedby={describedBy}
              />
            )}
          </FormField>
        ) : null}
        {source === 'crawl' ? (
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              name="checkExternal"
              className="mt-1 accent-brand-600"
              checked={checkExternal}
              onChange={(event) => setCheckExternal(event.target.checked)}
            />
            <span>
              <span className="font-medium text-slate-900">Check external links</span> — ask each
              other site linked to (at most {DEFAULT_CRAWL_MAX_EXTERNAL} addresses, each site at a
              polite pace) whether the page still works; the check takes longer
            </span>
          </label>
        ) : null}
        <SiteVerificationPanel siteUrl={site.ok ? site.site.href : null} onLimit={setCrawlLimit} />
        {source === 'list' ? (
          <FormField
            id="site-list"
            label="Addresses"
            hint={
              preview
                ? `${preview.urls.length} page${preview.urls.length === 1 ? '' : 's'} will be checked` +
                  (preview.offSite ? `; ${preview.offSite} on another site skipped` : '') +
                  (preview.overCap
                    ? `; ${preview.overCap} over the ${MAX_SITE_CHECK_PAGES}-page limit skipped`
                    : '')
                : `Only pages on the site above, at most ${MAX_SITE_CHECK_PAGES}.`
            }
            {...(error?.field === 'list' ? { error: error.text } : {})}
          >
            {(describedBy) => (
              <Textarea
                id="site-list"
                name="list"
                maxLength={MAX_SITE_CHECK_LIST_CHARS}
                placeholder={'https://example.com/\nhttps://example.com/about'}
                value={list}
                onChange={(event) => setList(event.target.value)}
                invalid={error?.field === 'list'}
                aria-describedby={describedBy}
              />
            )}
          </FormField>
        ) : null}
        {error?.field === 'form' ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {error.text}
          </p>
        ) : null}
        <Button type="submit" disabled={busy}>
          {busy ? <Spinner /> : <Globe className="size-4" aria-hidden />}
          Start site check
        </Button>
      </form>
    </Card>
  );
}
