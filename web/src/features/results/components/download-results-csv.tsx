import { useState } from 'react';
import { Button } from '@/components/button';
import { errorMessage } from '@/components/error-panel';
import { apiDownload } from '@/lib/api/client';
import { saveFile } from '@/lib/download';

/**
 * Download CSV on the result entry screen: every result of the event (drafts too, with points,
 * ranks and the published flag), narrowed to the chosen workout and division when there are.
 */
export function DownloadResultsCsv({ eventId, workoutId, divisionId }: { eventId: string; workoutId: string; divisionId: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      const file = await apiDownload(`/events/${eventId}/results.csv`, { workoutId, divisionId });
      saveFile(file.blob, file.fileName ?? 'results.csv');
    } catch (e) {
      setError(`Download failed: ${errorMessage(e)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="inline-flex items-center gap-2">
      <Button variant="secondary" onClick={download} loading={busy}>
        Download CSV
      </Button>
      {error && (
        <span role="alert" className="text-sm text-red-700">
          {error}
        </span>
      )}
    </span>
  );
}
