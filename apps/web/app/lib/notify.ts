import { catalogueEntry } from '@crawlwise/shared/error-catalogue';
import { loadSonner } from './toast-loader.ts';

/**
 * Shows a catalogue entry as a toast whose look follows its severity: errors are destructive,
 * warnings and info are not.
 */
export function notifyCatalogue(code: unknown, overrides: { description?: string } = {}): void {
  const entry = catalogueEntry(code);
  const options = { description: overrides.description ?? entry.description };
  void loadSonner().then(({ toast }) => {
    if (entry.severity === 'info') toast.info(entry.title, options);
    else if (entry.severity === 'warning') toast.warning(entry.title, options);
    else toast.error(entry.title, options);
  });
}

export function notifySuccess(title: string, description?: string): void {
  void loadSonner().then(({ toast }) => toast.success(title, description ? { description } : {}));
}

export function notifyError(title: string, description?: string): void {
  void loadSonner().then(({ toast }) => toast.error(title, description ? { description } : {}));
}
