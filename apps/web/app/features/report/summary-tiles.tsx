import { type SummaryTile, summaryTiles } from '@crawlwise/shared/display';
import { Card } from '../../components/ui/card.tsx';
import { TILE_TONE, TONE_TEXT } from '../../components/ui/tone.ts';
import { useAnimatedNumber } from '../../hooks/use-animated-number.ts';
import { cn } from '../../lib/cn.ts';
import type { ReportIssue } from './api/get-report.ts';

/** Tile numbers count up over about 2 s; text values fade in over 0.8 s (app.css). */
const NUMBER_ANIMATION_MS = 2000;

const STATUS_LABEL = { pass: 'Good', warning: 'Needs attention', fail: 'Poor' } as const;

function TileValue({ tile }: { tile: SummaryTile }) {
  const amount = useAnimatedNumber(tile.amount ?? 0, NUMBER_ANIMATION_MS);
  if (tile.amount === undefined || tile.amount === 0) {
    return <span className="animate-fade-in">{tile.value}</span>;
  }
  // While counting, show the number in the tile's final format; the real value is announced.
  const counting =
    tile.id === 'site-speed'
      ? `${amount.toFixed(1)}s`
      : `${Math.round(amount)} issue${Math.round(amount) === 1 ? '' : 's'}`;
  return (
    <>
      <span aria-hidden>{counting}</span>
      <span className="sr-only">{tile.value}</span>
    </>
  );
}

export function SummaryTiles({
  meta,
  issues,
}: {
  meta: unknown;
  issues: readonly ReportIssue[] | null | undefined;
}) {
  const tiles = summaryTiles(meta, issues);
  return (
    <section aria-labelledby="summary-heading">
      <h2 id="summary-heading" className="text-lg font-semibold text-slate-900">
        Basic Site Summary
      </h2>
      <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {tiles.map((tile) => (
          <li key={tile.id}>
            <Card className="h-full">
              <p className="text-sm text-slate-500">{tile.label}</p>
              <p className={cn('mt-2 text-2xl font-bold', TONE_TEXT[TILE_TONE[tile.status]])}>
                <TileValue tile={tile} />
              </p>
              <p className="mt-1 text-xs text-slate-600">{STATUS_LABEL[tile.status]}</p>
              <p className="mt-2 text-xs text-slate-600">{tile.checks}</p>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
