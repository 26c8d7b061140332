import type { ReportAccess } from '@crawlwise/shared/report';
import { type ExportFormat, reportExportPath } from '@crawlwise/shared/report-exports';
import { Download } from 'lucide-react';
import { buttonClasses } from '../../components/ui/button.tsx';

const FORMATS: ReadonlyArray<{ format: ExportFormat; label: string; title: string }> = [
  { format: 'pdf', label: 'PDF', title: 'Printable report' },
  { format: 'csv', label: 'CSV', title: 'Findings for a spreadsheet' },
  { format: 'json', label: 'JSON', title: 'The report data' },
];

/**
 * Download links for a completed report. Plain links with `download`: the browser streams the
 * file itself and sends the session cookie, so the server makes each file for this reader (an
 * anonymous reader's copy keeps the locked findings locked, as on screen).
 */
export function ReportDownloads({
  accessToken,
  access,
}: {
  accessToken: string;
  access: ReportAccess;
}) {
  return (
    // Each link names its own format ("Download PDF"), so the row needs no group label.
    <div className="flex flex-wrap items-center gap-2" data-testid="report-downloads">
      <span className="text-sm font-medium text-slate-700" aria-hidden>
        Download
      </span>
      {FORMATS.map(({ format, label, title }) => (
        <a
          key={format}
          href={reportExportPath(accessToken, format)}
          download
          title={title}
          aria-label={`Download ${label}`}
          className={buttonClasses('outline', 'sm')}
          data-export={format}
        >
          <Download className="size-4" aria-hidden />
          {label}
        </a>
      ))}
      {access === 'anonymous' ? (
        <span className="text-sm text-slate-700">Holds what you see here; sign in for all.</span>
      ) : null}
    </div>
  );
}
