import { WatchControl } from './watch-control.tsx';

/** "Watch this page" under a finished report (the report it came from is the first baseline). */
export function WatchPageControl({ url, accessToken }: { url: string; accessToken: string }) {
  return <WatchControl target={{ kind: 'page', url, accessToken }} />;
}
