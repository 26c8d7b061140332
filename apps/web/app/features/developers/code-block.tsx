/**
 * An example as plain text under its label: no highlighting library and no script (the page is
 * prerendered HTML; a copy button would need an island), and long lines wrap rather than scroll,
 * so a phone shows the whole line without a sideways scroll area.
 */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  return (
    <figure className="mt-3 overflow-hidden rounded-lg border border-slate-200 bg-slate-50">
      <figcaption className="border-b border-slate-200 px-3 py-1.5 text-xs font-medium text-slate-700">
        {label}
      </figcaption>
      <pre className="p-3 text-xs wrap-anywhere sm:text-sm whitespace-pre-wrap text-slate-900">
        <code>{code}</code>
      </pre>
    </figure>
  );
}
