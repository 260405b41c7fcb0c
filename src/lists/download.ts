import { useState } from 'react';
import { useAlerts } from '#/state/alerts';
import { useI18nContext } from '../i18n/i18n-react';

/** Saves a blob the API returned (an .xlsx export) under a file name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A list's export button: spinning while the file is made, a toast when the server refuses. */
export function useExport() {
  const { LL } = useI18nContext();
  const alerts = useAlerts();
  const [exporting, setExporting] = useState(false);
  const run = async (make: () => Promise<Blob>, fileName: string) => {
    setExporting(true);
    try {
      saveBlob(await make(), fileName);
    } catch {
      alerts.add({ message: LL.list.actionFailed(), type: 'error' });
    } finally {
      setExporting(false);
    }
  };
  return { exporting, run };
}
