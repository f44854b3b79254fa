import { Button } from '@/components/button';
import type { SaveReport } from './save-report';

type Props = { report: SaveReport; noun: [singular: string, plural: string]; onDismiss: () => void };

/** The outcome of the last save: which rows were saved and which were not, with the server's reason. */
export function SaveReportPanel({ report, noun, onDismiss }: Props) {
  const word = (n: number) => (n === 1 ? noun[0] : noun[1]);
  const failed = report.failed.length > 0;
  const unchanged = report.unchanged ?? [];
  const nothingChanged = !failed && report.saved.length === 0 && unchanged.length > 0;
  const reasons = [...new Set(report.failed.map((f) => f.message))];
  const headline = reasons.length === 1 ? reasons[0] : `${report.failed.length} ${word(report.failed.length)} not saved`;
  return (
    <div
      role={failed ? 'alert' : 'status'}
      className={`mb-3 rounded-lg border p-3 text-sm ${
        failed ? 'border-red-200 bg-red-50 text-red-800' : nothingChanged ? 'border-slate-300 bg-slate-50 text-slate-800' : 'border-green-200 bg-green-50 text-green-800'
      }`}
    >
      <div className="flex items-start gap-3">
        <div className="flex-1">
          {failed && (
            <>
              <p className="font-semibold">Save failed: {headline}</p>
              <p className="mt-1">Not saved (your typed values are kept):</p>
              <ul className="list-disc pl-5">
                {report.failed.map((f) => (
                  <li key={f.label}>
                    {f.label}: {f.message}
                  </li>
                ))}
              </ul>
            </>
          )}
          {report.saved.length > 0 && (
            <p className={failed ? 'mt-2' : ''}>
              Saved {report.saved.length} {word(report.saved.length)}: {report.saved.join(', ')}
            </p>
          )}
          {nothingChanged && (
            <p>
              Nothing changed: {unchanged.join(', ')} already {unchanged.length === 1 ? 'has' : 'have'} {unchanged.length === 1 ? 'this' : 'these'}{' '}
              {word(unchanged.length)}.
            </p>
          )}
          {!nothingChanged && unchanged.length > 0 && (
            <p className="mt-1">
              Unchanged (already stored as typed): {unchanged.join(', ')}
            </p>
          )}
        </div>
        <Button size="sm" variant="secondary" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
    </div>
  );
}
