import { useState } from 'react';
import { apiDownload } from '@/lib/api/client';
import { saveFile } from '@/lib/download';

const linkClass = 'text-sm font-medium text-blue-700 underline-offset-2 hover:underline';

/**
 * Download CSV on the public division leaderboard: the published standings as a spreadsheet. In
 * an admin preview the file is the preview's (unpublished rows marked), which only a request
 * carrying the signed-in user's token gets: it is fetched, then saved.
 */
export function DownloadCsvLink({ eventId, divisionId, preview = false }: { eventId: string; divisionId: string; preview?: boolean }) {
  const [failed, setFailed] = useState(false);
  const path = `/public/events/${eventId}/divisions/${divisionId}/leaderboard.csv`;
  if (!preview)
    return (
      <a href={`/api${path}`} download className={linkClass}>
        Download CSV
      </a>
    );
  const download = async () => {
    setFailed(false);
    try {
      const file = await apiDownload(path, { includeUnpublished: 'true' });
      saveFile(file.blob, file.fileName ?? 'leaderboard preview.csv');
    } catch {
      setFailed(true);
    }
  };
  return (
    <span className="inline-flex items-center gap-2">
      <button type="button" onClick={() => void download()} className={linkClass}>
        Download CSV
      </button>
      {failed && (
        <span role="alert" className="text-sm text-red-700">
          Download failed
        </span>
      )}
    </span>
  );
}
