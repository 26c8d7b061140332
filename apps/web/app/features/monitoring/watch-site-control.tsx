import { WatchControl } from './watch-control.tsx';

/** "Watch this site" under a finished site report (that site check is the first baseline). */
export function WatchSiteControl({
  siteUrl,
  siteCheckId,
}: {
  siteUrl: string;
  siteCheckId: string;
}) {
  return <WatchControl target={{ kind: 'site', url: siteUrl, siteCheckId }} />;
}
