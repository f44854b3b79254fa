import { useState } from 'react';
import { Button } from '@/components/button';
import { errorMessage } from '@/components/error-panel';
import { saveFile } from '@/lib/download';
import { exportEvent } from '../api/event-document';

/** Export event on the event detail page: the whole event as one JSON document to keep or move. */
export function ExportEventButton({ eventId, eventName }: { eventId: string; eventName: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      const file = await exportEvent(eventId);
      saveFile(file.blob, file.fileName ?? `${eventName}.podium.json`);
    } catch (e) {
      setError(`Export failed: ${errorMessage(e)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="inline-flex items-center gap-2">
      <Button variant="secondary" onClick={run} loading={busy}>
        Export event
      </Button>
      {error && (
        <span role="alert" className="text-sm text-red-700">
          {error}
        </span>
      )}
    </span>
  );
}
