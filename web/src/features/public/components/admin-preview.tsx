// The admin preview of unpublished results. The URL only asks
// for it; whether it is shown is the server's answer (includeUnpublished in the response), so a
// visitor or an admin whose session ended never sees the note over public results.
import { useSearchParams } from 'react-router';

export const PREVIEW_PARAM = 'includeUnpublished';

export const includeUnpublishedParam = (value: string | null): boolean => value === '1' || value === 'true';

/** Whether this page's URL asks for the admin preview. */
export function usePreviewRequested(): boolean {
  const [params] = useSearchParams();
  return includeUnpublishedParam(params.get(PREVIEW_PARAM));
}

/** The query string that keeps the preview asked for on the next leaderboard page. */
export const previewQuery = (requested: boolean): string => (requested ? `?${PREVIEW_PARAM}=1` : '');

/** `draft`: the event is a Draft, which only a preview shows (the server's LeaderboardEvent.draft). */
export function AdminPreviewNote({ shown, draft = false }: { shown: boolean; draft?: boolean }) {
  if (!shown) return null;
  return (
    <div role="note" className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-2 text-sm font-medium text-amber-800">
      <p>Admin preview: Showing unpublished results</p>
      {draft && <p className="mt-1 font-semibold">Preview of a Draft event: the public cannot see this page until the event is published.</p>}
    </div>
  );
}
