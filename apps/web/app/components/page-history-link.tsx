import { PATHS } from '@crawlwise/shared/routes';
import { ChartLine } from 'lucide-react';
import { AppLink } from './app-link.tsx';
import { buttonClasses } from './ui/button.tsx';

/** An icon link to the history of one page (its normalised address), named for screen readers. */
export function PageHistoryLink({ url }: { url: string }) {
  return (
    <AppLink
      to={PATHS.historyFor(url)}
      className={buttonClasses('ghost', 'sm')}
      aria-label={`History of ${url}`}
      title="History of this page"
    >
      <ChartLine className="size-4" aria-hidden />
    </AppLink>
  );
}
