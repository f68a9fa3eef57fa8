import { useState } from 'react';
import { Button } from './button';

/** "Export All" over a list: busy ("Exporting...") while `onExport` fetches and downloads, then ready again. */
export function ExportAllButton({ disabled, onExport }: { disabled: boolean; onExport: () => Promise<void> }) {
  const [exporting, setExporting] = useState(false);
  const run = async () => {
    setExporting(true);
    try {
      await onExport();
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button variant="secondary" disabled={exporting || disabled} onClick={() => void run()}>
      {exporting ? 'Exporting...' : 'Export All'}
    </Button>
  );
}
