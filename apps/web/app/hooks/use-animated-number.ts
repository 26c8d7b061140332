import { useEffect, useState } from 'react';

export const easeOutCubic = (t: number) => 1 - (1 - t) ** 3;

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Animates from 0 to `target` over `durationMs` with ease-out. People who ask for reduced motion
 * get the final value at once.
 */
export function useAnimatedNumber(target: number, durationMs: number): number {
  const [value, setValue] = useState(0);
  useEffect(() => {
    if (durationMs <= 0 || prefersReducedMotion()) {
      setValue(target);
      return;
    }
    const start = performance.now();
    let frame = 0;
    const step = (now: number) => {
      const t = Math.min(1, (now - start) / durationMs);
      setValue(target * easeOutCubic(t));
      if (t < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target, durationMs]);
  return value;
}
