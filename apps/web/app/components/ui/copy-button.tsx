import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from './button.tsx';

/** How long "Copied" stays before the button reads "Copy" again. */
const COPIED_MS = 2000;

type CopyState = 'idle' | 'copied' | 'failed';

const LABEL: Record<CopyState, string> = {
  idle: 'Copy',
  copied: 'Copied',
  failed: 'Copy failed: select the text',
};

/** Copies `text` to the clipboard; the outcome is announced to screen readers. */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [state, setState] = useState<CopyState>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      // No clipboard (insecure context, permission refused): the snippet stays selectable.
      setState('failed');
    }
  }

  return (
    <Button variant="outline" size="sm" onClick={copy} aria-label={label}>
      {state === 'copied' ? (
        <Check className="size-4" aria-hidden />
      ) : (
        <Copy className="size-4" aria-hidden />
      )}
      <span aria-live="polite">{LABEL[state]}</span>
    </Button>
  );
}

/** Ready-to-paste code with its Copy button. */
export function CodeSnippet({ code, label }: { code: string; label: string }) {
  return (
    <div className="mt-3 overflow-hidden rounded-lg border border-slate-200 bg-slate-50">
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-3 py-1.5">
        <span className="text-xs font-medium text-slate-700">{label}</span>
        <CopyButton text={code} label={`Copy ${label.toLowerCase()}`} />
      </div>
      <pre className="p-3 text-sm wrap-anywhere whitespace-pre-wrap text-slate-900">
        <code>{code}</code>
      </pre>
    </div>
  );
}
