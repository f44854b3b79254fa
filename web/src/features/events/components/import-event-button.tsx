import { useRef, useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { errorMessage } from '@/components/error-panel';
import { useImportEvent } from '../api/event-document';

/** Import event on the events list: a document exported from any Podium becomes a new DRAFT event. */
export function ImportEventButton() {
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const mutation = useImportEvent();
  const [error, setError] = useState<string | null>(null);

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setError(null);
    let document: unknown;
    try {
      document = JSON.parse(await file.text());
    } catch {
      setError(`Import failed: ${file.name} is not an event document (not JSON).`);
      return;
    }
    mutation.mutate(document, {
      onSuccess: (event) => navigate(`/admin/events/${event.id}`),
      onError: (err) => setError(`Import failed: ${errorMessage(err)}`),
    });
  };

  return (
    <span className="inline-flex items-center gap-2">
      <input ref={input} type="file" accept=".json,application/json" className="hidden" aria-label="Event document" onChange={choose} />
      <Button variant="secondary" onClick={() => input.current?.click()} loading={mutation.isPending}>
        Import event
      </Button>
      {error && (
        <span role="alert" className="text-sm text-red-700">
          {error}
        </span>
      )}
    </span>
  );
}
