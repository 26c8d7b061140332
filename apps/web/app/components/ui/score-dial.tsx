import type { Tone } from '@crawlwise/shared/display';
import { TONE_STROKE } from './tone.ts';

const RADIUS = 52;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * The score ring's drawing, for the report and the home page's sample alike: a track and an arc
 * filled to `value` (0-100) in the score's tone. Decorative: the element around it names the
 * score (role="img" with a label).
 */
export function ScoreDial({ value, tone }: { value: number; tone: Tone }) {
  return (
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
        strokeDashoffset={CIRCUMFERENCE * (1 - value / 100)}
      />
    </svg>
  );
}
