import { useState } from 'react';
import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';

// One "Export" menu for tables, lists and charts; a failed export shows its message in place.
export type ExportFormat = 'csv' | 'excel' | 'png' | 'svg';

const LABELS: Record<ExportFormat, string> = { csv: 'Export as CSV', excel: 'Export as Excel', png: 'Download as PNG', svg: 'Download as SVG' };

export function ExportMenu({ formats, onExport, label = 'Export' }: { formats: ExportFormat[]; onExport: (format: ExportFormat) => Promise<void>; label?: string }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (formats.length === 0) return null;
  const run = async (format: ExportFormat) => {
    setError(null);
    setBusy(true);
    try {
      await onExport(format);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Button icon={<ArrowDownloadRegular />} appearance="subtle" size="small" disabled={busy}>
            {label}
          </Button>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            {formats.map((f) => (
              <MenuItem key={f} onClick={() => void run(f)}>
                {LABELS[f]}
              </MenuItem>
            ))}
          </MenuList>
        </MenuPopover>
      </Menu>
      {error && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      )}
    </>
  );
}
