import { WatchControl } from './watch-control.tsx';

/**
 * "Watch this site" under a finished site report (that site check is the first baseline). Under
 * a crawl's report the watch crawls the site again with that crawl's settings (kind `crawl`);
 * under a sitemap or list check it checks the sitemap (kind `site`).
 */
export function WatchSiteControl({
  siteUrl,
  siteCheckId,
  crawl = false,
}: {
  siteUrl: string;
  siteCheckId: string;
  crawl?: boolean;
}) {
  return <WatchControl target={{ kind: crawl ? 'crawl' : 'site', url: siteUrl, siteCheckId }} />;
}
