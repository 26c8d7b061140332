import { loadSonner } from './toast-loader.ts';

/**
 * Shows a catalogue entry as a toast whose look follows its severity: errors are destructive,
 * warnings and info are not. The catalogue is loaded with the toast library, when a toast is
 * first shown: every marketing page carries the toaster, and the catalogue's text would count
 * against their script budget (issue 10) for a toast most visitors never see.
 */
export function notifyCatalogue(code: unknown, overrides: { description?: string } = {}): void {
  void Promise.all([import('@crawlwise/shared/error-catalogue'), loadSonner()]).then(
    ([{ catalogueEntry }, { toast }]) => {
      const entry = catalogueEntry(code);
      const options = { description: overrides.description ?? entry.description };
      if (entry.severity === 'info') toast.info(entry.title, options);
      else if (entry.severity === 'warning') toast.warning(entry.title, options);
      else toast.error(entry.title, options);
    },
  );
}

export function notifySuccess(title: string, description?: string): void {
  void loadSonner().then(({ toast }) => toast.success(title, description ? { description } : {}));
}

export function notifyError(title: string, description?: string): void {
  void loadSonner().then(({ toast }) => toast.error(title, description ? { description } : {}));
}
