import { useRef, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { InlineAlert } from '@/components/inline-alert';
import { useAsyncAction } from '@/components/use-async-action';
import { useImportEvent } from '../api/event-document';

/** Import event on the events list: a document exported from any Podium becomes a new DRAFT event. */
export function ImportEventButton() {
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const mutation = useImportEvent();
  const { run, busy, error } = useAsyncAction('Import failed');

  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    void run(async () => {
      let document: unknown;
      try {
        document = JSON.parse(await file.text());
      } catch {
        throw new Error(`${file.name} is not an event document (not JSON).`);
      }
      const event = await mutation.mutateAsync(document);
      navigate(`/admin/events/${event.id}`);
    });
  };

  return (
    <span className="inline-flex items-center gap-2">
      <input ref={input} type="file" accept=".json,application/json" className="hidden" aria-label="Event document" onChange={choose} />
      <Button variant="secondary" onClick={() => input.current?.click()} loading={busy}>
        Import event
      </Button>
      <InlineAlert message={error} />
    </span>
  );
}
