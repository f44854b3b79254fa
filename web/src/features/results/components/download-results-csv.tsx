import { Button } from '@/components/button';
import { InlineAlert } from '@/components/inline-alert';
import { useAsyncAction } from '@/components/use-async-action';
import { apiDownload } from '@/lib/api/client';
import { saveFile } from '@/lib/download';

/**
 * Download CSV on the result entry screen: every result of the event (drafts too, with points,
 * ranks and the published flag), narrowed to the chosen workout and division when there are.
 */
export function DownloadResultsCsv({ eventId, workoutId, divisionId }: { eventId: string; workoutId: string; divisionId: string }) {
  const { run, busy, error } = useAsyncAction('Download failed');
  const download = () =>
    run(async () => {
      const file = await apiDownload(`/events/${eventId}/results.csv`, { workoutId, divisionId });
      saveFile(file.blob, file.fileName ?? 'results.csv');
    });
  return (
    <span className="inline-flex items-center gap-2">
      <Button variant="secondary" onClick={download} loading={busy}>
        Download CSV
      </Button>
      <InlineAlert message={error} />
    </span>
  );
}
