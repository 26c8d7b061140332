import { scoreTone } from '@crawlwise/shared/display';
import { SCORE_RING_MS } from '@crawlwise/shared/limits';
import { Card } from '../../components/ui/card.tsx';
import { TONE_STROKE, TONE_TEXT } from '../../components/ui/tone.ts';
import { useAnimatedNumber } from '../../hooks/use-animated-number.ts';
import { cn } from '../../lib/cn.ts';

const RADIUS = 52;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** The 0-100 score, drawn as a ring that fills with ease-out over 3.5 s. */
export function ScoreRing({ score }: { score: number }) {
  const shown = useAnimatedNumber(score, SCORE_RING_MS);
  const tone = scoreTone(score);
  return (
    <Card className="flex flex-col items-center justify-center text-center">
      <h2 className="font-semibold text-slate-900">SEO Health</h2>
      <div
        className="relative mt-4 size-40"
        role="img"
        aria-label={`SEO Health score ${score} out of 100`}
      >
        <svg viewBox="0 0 120 120" className="size-full -rotate-90" aria-hidden>
          <circle
            cx="60"
            cy="60"
            r={RADIUS}
            fill="none"
            strokeWidth="10"
            className="stroke-slate-100"
          />
          <circle
            cx="60"
            cy="60"
            r={RADIUS}
            fill="none"
            strokeWidth="10"
            strokeLinecap="round"
            className={TONE_STROKE[tone]}
            strokeDasharray={CIRCUMFERENCE}
            strokeDashoffset={CIRCUMFERENCE * (1 - shown / 100)}
          />
        </svg>
        <span
          aria-hidden
          className={cn(
            'absolute inset-0 flex items-center justify-center text-4xl font-bold',
            TONE_TEXT[tone],
          )}
        >
          {Math.round(shown)}
        </span>
      </div>
      <p className="mt-3 text-sm text-slate-500">out of 100</p>
    </Card>
  );
}
