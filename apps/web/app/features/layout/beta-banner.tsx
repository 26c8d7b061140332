import { PATHS } from '@crawlwise/shared/routes';
import { AppLink } from '../../components/app-link.tsx';

const MESSAGE = 'Beta Launch - Free SEO Analysis | Limited Time Offer 🎉';
/** Copies of the message per half of the track: enough to fill a wide screen without a gap. */
const COPIES = 6;

/**
 * The 36 px beta strip. The track holds the message twice over and slides by half its width in
 * 40 s, so the loop restarts on an identical frame and looks endless.
 */
export function BetaBanner() {
  const half = Array.from({ length: COPIES }, (_, i) => i);
  // A landmark of its own, so no content of the page sits outside one (axe's region rule).
  return (
    <aside aria-label="Beta announcement">
      <AppLink
        to={PATHS.runATest}
        className="block h-9 overflow-hidden bg-slate-900 text-sm leading-9 font-medium text-white hover:bg-slate-800"
      >
        <span className="sr-only">{MESSAGE}</span>
        <span aria-hidden className="flex w-max animate-marquee motion-reduce:animate-none">
          {[0, 1].map((copy) =>
            half.map((i) => (
              <span key={`${copy}-${i}`} className="px-8 whitespace-nowrap">
                {MESSAGE}
              </span>
            )),
          )}
        </span>
      </AppLink>
    </aside>
  );
}
