import { scoreTone } from '@crawlwise/shared/display';
import { SCORE_RING_MS } from '@crawlwise/shared/limits';
import { Card } from '../../components/ui/card.tsx';
import { ScoreDial } from '../../components/ui/score-dial.tsx';
import { TONE_TEXT } from '../../components/ui/tone.ts';
import { useAnimatedNumber } from '../../hooks/use-animated-number.ts';
import { cn } from '../../lib/cn.ts';

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
        <ScoreDial value={shown} tone={tone} />
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
