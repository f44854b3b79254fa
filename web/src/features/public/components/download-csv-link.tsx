/** Download CSV on the public division leaderboard: the published standings as a spreadsheet. */
export function DownloadCsvLink({ eventId, divisionId }: { eventId: string; divisionId: string }) {
  return (
    <a
      href={`/api/public/events/${eventId}/divisions/${divisionId}/leaderboard.csv`}
      download
      className="text-sm font-medium text-blue-700 underline-offset-2 hover:underline"
    >
      Download CSV
    </a>
  );
}
