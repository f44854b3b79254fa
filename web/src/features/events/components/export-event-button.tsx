import { Button } from '@/components/button';
import { InlineAlert } from '@/components/inline-alert';
import { useAsyncAction } from '@/components/use-async-action';
import { downloadName, saveFile } from '@/lib/download';
import { exportEvent } from '../api/event-document';

/** Export event on the event detail page: the whole event as one JSON document to keep or move. */
export function ExportEventButton({ eventId, eventName }: { eventId: string; eventName: string }) {
  const { run, busy, error } = useAsyncAction('Export failed');
  const exportNow = () =>
    run(async () => {
      const file = await exportEvent(eventId);
      saveFile(file.blob, file.fileName ?? downloadName([eventName, 'event export'], 'podium.json'));
    });
  return (
    <span className="inline-flex items-center gap-2">
      <Button variant="secondary" onClick={exportNow} loading={busy}>
        Export event
      </Button>
      <InlineAlert message={error} />
    </span>
  );
}
