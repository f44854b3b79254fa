import { Button } from '@/components/button';

type Props = { count: number; onDiscard: () => void };

/** Tells the user that edits from before a reload or a sign-in were put back, and lets them drop them. */
export function DraftRestoredNotice({ count, onDiscard }: Props) {
  return (
    <div role="status" className="mb-3 flex items-center gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      <span className="flex-1">
        Restored {count} unsaved {count === 1 ? 'change' : 'changes'} from your last visit. Save them or discard them.
      </span>
      <Button size="sm" variant="secondary" onClick={onDiscard}>
        Discard restored changes
      </Button>
    </div>
  );
}
