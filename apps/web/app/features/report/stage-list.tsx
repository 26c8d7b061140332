import { Check } from 'lucide-react';
import { Spinner } from '../../components/ui/spinner.tsx';
import { cn } from '../../lib/cn.ts';
import { STAGES, type StageId } from './report-stages.ts';

/** The analysis stages in order: the ones passed ticked, the current one spinning. */
export function StageList({ current }: { current: StageId }) {
  const currentIndex = STAGES.findIndex((stage) => stage.id === current);
  return (
    <ol
      aria-label="Analysis stages"
      className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4"
    >
      {STAGES.map((stage, index) => {
        const done = index < currentIndex || current === 'complete';
        const active = index === currentIndex && !done;
        return (
          <li
            key={stage.id}
            data-stage={stage.id}
            data-state={done ? 'done' : active ? 'current' : 'upcoming'}
            aria-current={active ? 'step' : undefined}
            className={cn(
              'flex items-center gap-2',
              done ? 'text-slate-900' : active ? 'font-medium text-brand-700' : 'text-slate-600',
            )}
          >
            <span
              aria-hidden
              className={cn(
                'flex size-5 shrink-0 items-center justify-center rounded-full border',
                done ? 'border-green-600 bg-green-600 text-white' : 'border-slate-300',
              )}
            >
              {done ? <Check className="size-3" /> : active ? <Spinner className="size-3" /> : null}
            </span>
            {stage.label}
            <span className="sr-only">{done ? ' (done)' : active ? ' (in progress)' : ''}</span>
          </li>
        );
      })}
    </ol>
  );
}
