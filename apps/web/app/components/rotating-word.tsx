import { HERO_WORD_INTERVAL_MS, HERO_WORDS } from '../config/site.ts';
import { useRotatingWord } from '../hooks/use-rotating-word.ts';
import { Island } from '../islands/island.tsx';

/** The hero's changing word. Screen readers get one stable sentence instead of constant updates. */
export function RotatingWord() {
  const word = useRotatingWord(HERO_WORDS, HERO_WORD_INTERVAL_MS);
  return (
    <>
      <span aria-hidden key={word} className="inline-block animate-fade-in text-brand-600">
        {word}
      </span>
      <span className="sr-only">{HERO_WORDS[0]}</span>
    </>
  );
}

/** The rotating word as an island; inline, since it sits inside a heading. */
export function RotatingWordIsland() {
  return <Island name="rotating-word" component={RotatingWord} props={{}} inline />;
}
