import { Check, Link2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';

const COPIED_MS = 2000;

/** Copies this comparison's address: the link to both reports is the comparison. */
export function ShareLink({ path }: { path: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(new URL(path, window.location.origin).toString());
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <Button variant="outline" onClick={copy}>
      {state === 'copied' ? (
        <Check className="size-4" aria-hidden />
      ) : (
        <Link2 className="size-4" aria-hidden />
      )}
      <span aria-live="polite">
        {state === 'copied'
          ? 'Link copied'
          : state === 'failed'
            ? 'Copy failed: copy the address bar'
            : 'Copy link'}
      </span>
    </Button>
  );
}
