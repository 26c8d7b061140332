import { NotFoundViewIsland } from '../components/not-found-view.tsx';

export function meta() {
  return [{ title: 'Page Not Found | Crawlwise' }, { name: 'robots', content: 'noindex' }];
}

export default function NotFoundRoute() {
  return <NotFoundViewIsland />;
}
