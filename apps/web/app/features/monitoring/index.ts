/** The monitoring feature's public surface: the watch controls other screens place. */
export { WatchList } from './watch-list.tsx';
export { WatchPageControl } from './watch-page-control.tsx';
export { WatchSiteControl } from './watch-site-control.tsx';
