import { useEffect, useState } from 'react';

/** Cycles through `words`; the prerendered HTML carries the first one. */
export function useRotatingWord<T extends string>(words: readonly T[], intervalMs: number): T {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const id = window.setInterval(() => setIndex((i) => (i + 1) % words.length), intervalMs);
    return () => window.clearInterval(id);
  }, [words.length, intervalMs]);
  return words[index] ?? words[0]!;
}
