import { ANALYSIS_ERROR_CODES, catalogueEntry } from '@crawlwise/shared/error-catalogue';
import { PATHS } from '@crawlwise/shared/routes';
import { normalizeUrlInput } from '@crawlwise/shared/url-input';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { notifyCatalogue, notifyError } from '../../lib/notify.ts';
import { FRESH_SUBMISSION_STATE } from '../../lib/report-navigation.ts';
import { createReport } from './api/create-report.ts';

export type UrlBarState =
  | { status: 'idle' }
  | { status: 'submitting' }
  | { status: 'error'; message: string };

const IDLE: UrlBarState = { status: 'idle' };

/** Codes of a fetch that failed: the server's message says what the page answered. */
const fetchCodes: ReadonlySet<string> = new Set(ANALYSIS_ERROR_CODES);

/**
 * The URL bar's state machine (spec point 4): idle → submitting → the report page, or an error
 * that lasts until the user types again.
 */
export function useUrlSubmission() {
  const navigate = useNavigate();
  const [state, setState] = useState<UrlBarState>(IDLE);
  const busy = useRef(false);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const submit = useCallback(
    async (raw: string) => {
      if (busy.current) return;
      const input = normalizeUrlInput(raw);
      if (!input.ok) {
        notifyError(catalogueEntry(input.code).title, input.message);
        setState({ status: 'error', message: input.message });
        return;
      }
      busy.current = true;
      setState({ status: 'submitting' });
      const result = await createReport(input.url);
      busy.current = false;
      if (!mounted.current) return;
      if (result.ok) {
        if (result.rateLimitSoft) notifyCatalogue('rate_limit_soft');
        navigate(PATHS.reportFor(result.accessToken), { state: FRESH_SUBMISSION_STATE });
        return;
      }
      const entry = catalogueEntry(result.code);
      // Every failed create-report call is destructive, whatever the code's usual severity.
      notifyError(entry.title, entry.description);
      // What happened stays visible under the input, not only in the toast that goes away
      // (issue 27: "The server answered HTTP 500 …", then what to do).
      const happened = fetchCodes.has(result.code) ? (result.message ?? entry.description) : null;
      setState({
        status: 'error',
        message: [happened, entry.action ?? (happened ? null : entry.description)]
          .filter(Boolean)
          .join(' '),
      });
    },
    [navigate],
  );

  const clearError = useCallback(() => {
    setState((current) => (current.status === 'error' ? IDLE : current));
  }, []);

  return { state, submit, clearError };
}
