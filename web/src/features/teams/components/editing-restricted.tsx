import { Link } from 'react-router';

export function EditingRestricted({ teamId }: { teamId: string }) {
  return (
    <div role="status" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900">
      <h2 className="font-semibold">Editing Restricted</h2>
      <p className="mt-1 text-sm">This team has final results and cannot be edited or deleted.</p>
      <Link to={`/admin/teams/${teamId}/results`} className="mt-2 inline-block text-sm font-medium text-amber-900 underline">
        View results
      </Link>
    </div>
  );
}
