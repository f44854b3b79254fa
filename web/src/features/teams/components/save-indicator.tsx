import { useEffect, useState } from 'react';
import { Button } from '@/components/button';
import { Spinner } from '@/components/spinner';
import { relativeTime } from '@/lib/relative-time';

type SaveIndicatorProps = {
  saving: boolean;
  invalid: boolean;
  dirty: boolean;
  savedAt: Date | null;
  onDiscard: () => void;
  onSaveNow: () => void;
};

/** saving · fix invalid formats · unsaved changes (Discard / Save Now) · saved with relative time. */
export function SaveIndicator({ saving, invalid, dirty, savedAt, onDiscard, onSaveNow }: SaveIndicatorProps) {
  const [, tick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), 5000);
    return () => clearInterval(timer);
  }, []);

  let body;
  if (saving) body = <span className="flex items-center gap-2 text-blue-700"><Spinner size="sm" /> Saving…</span>;
  else if (invalid) body = <span className="text-red-700">Fix invalid formats before saving</span>;
  else if (dirty) body = <span className="text-amber-700">Unsaved changes</span>;
  else if (savedAt) body = <span className="text-green-700">Saved {relativeTime(savedAt)}</span>;
  else body = <span className="text-slate-500">No changes</span>;

  return (
    <div role="status" className="flex items-center gap-2 text-sm">
      {body}
      {dirty && !saving && (
        <>
          <Button size="sm" variant="secondary" onClick={onDiscard}>
            Discard
          </Button>
          <Button size="sm" onClick={onSaveNow} disabled={invalid}>
            Save Now
          </Button>
        </>
      )}
    </div>
  );
}
