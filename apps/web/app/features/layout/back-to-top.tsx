import { ArrowUp } from 'lucide-react';
import { useEffect, useState } from 'react';
import { scrollToTop } from '../../components/app-link.tsx';
import { Island } from '../../islands/island.tsx';
import { cn } from '../../lib/cn.ts';

/** Scroll depth after which the button appears (spec point 9). */
export const BACK_TO_TOP_THRESHOLD_PX = 300;

export function BackToTop() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const update = () => setVisible(window.scrollY > BACK_TO_TOP_THRESHOLD_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  return (
    <button
      type="button"
      aria-label="Back to top"
      onClick={() => scrollToTop()}
      tabIndex={visible ? 0 : -1}
      aria-hidden={!visible}
      className={cn(
        'fixed right-5 bottom-5 z-40 flex size-11 items-center justify-center rounded-full bg-slate-900 text-white shadow-lg transition-all hover:bg-slate-700',
        visible ? 'translate-y-0 opacity-100' : 'pointer-events-none translate-y-4 opacity-0',
      )}
    >
      <ArrowUp className="size-5" aria-hidden />
    </button>
  );
}

export function BackToTopIsland() {
  return <Island name="back-to-top" component={BackToTop} props={{}} />;
}
