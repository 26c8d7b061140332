import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { notifyCatalogue, notifySuccess } from '../../lib/notify.ts';
import { cancelSiteCheck, type SiteCheck } from './api/site-check-api.ts';

/**
 * 'Cancel check', confirmed in a dialog that says what happens to the pages: the ones checked stay,
 * the waiting ones are dropped and given back to the daily allowance.
 */
export function CancelSiteCheck({
  siteCheck,
  onCancelled,
}: {
  siteCheck: SiteCheck;
  onCancelled: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const waiting = siteCheck.counts.queued;
  const cancel = async () => {
    setSending(true);
    const result = await cancelSiteCheck(siteCheck.id);
    setSending(false);
    setOpen(false);
    // A check that finished meanwhile (site_check_not_active) is shown as it is now.
    if (!result.ok) notifyCatalogue(result.code);
    else {
      // What the cancel really dropped: pages may have started between the dialog and the click.
      const { cancelled, analyzing } = result.data.siteCheck.counts;
      notifySuccess(
        'Site check cancelled',
        `${cancelled} ${cancelled === 1 ? 'page was' : 'pages were'} not checked` +
          (analyzing > 0
            ? `; ${analyzing} being checked ${analyzing === 1 ? 'finishes' : 'finish'} and stay${analyzing === 1 ? 's' : ''} in the report.`
            : '.'),
      );
    }
    onCancelled();
  };
  return (
    <>
      <Button variant="outline" size="sm" className="mt-4" onClick={() => setOpen(true)}>
        Cancel check
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Cancel this site check?"
        description={
          siteCheck.status === 'discovering'
            ? siteCheck.source === 'crawl'
              ? 'Only the start page is queued while the sitemaps are read for more. It will not be checked and goes back to your daily allowance.'
              : 'No page has been queued yet: the sitemaps are still being read. Nothing is counted against your daily allowance.'
            : `Pages already checked, and those being checked now, stay in the site report. The pages still waiting (${waiting} at the last update) will not be checked and go back to your daily allowance.`
        }
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => setOpen(false)} disabled={sending}>
            Keep checking
          </Button>
          <Button variant="destructive" onClick={() => void cancel()} disabled={sending}>
            {sending ? <Spinner /> : null}
            Cancel check
          </Button>
        </div>
      </Dialog>
    </>
  );
}
