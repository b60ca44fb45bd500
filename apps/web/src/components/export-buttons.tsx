import type { ExportFormat } from '@examiq/contracts';
import { Download } from 'lucide-react';
import { Button } from './button';

interface ExportButtonsProps {
  onExport: (format: ExportFormat) => void;
  /** An export is on its way: both buttons wait for it. */
  pending: boolean;
  /** What the file holds, where a page offers more than one: 'answers' reads 'Export answers CSV'. */
  what?: string;
}

/** "Export CSV" and "Export XLSX": the same rows in either format. */
export function ExportButtons({ onExport, pending, what }: ExportButtonsProps) {
  const label = what ? `Export ${what}` : 'Export';
  return (
    <>
      <Button variant="secondary" onClick={() => onExport('csv')} disabled={pending}>
        <Download aria-hidden="true" className="size-4" />
        {`${label} CSV`}
      </Button>
      <Button variant="secondary" onClick={() => onExport('xlsx')} disabled={pending}>
        <Download aria-hidden="true" className="size-4" />
        {`${label} XLSX`}
      </Button>
    </>
  );
}
