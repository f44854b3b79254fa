import { useState, type ChangeEvent } from 'react';
import { Button } from '@/components/button';
import { ErrorPanel } from '@/components/error-panel';
import { Modal } from '@/components/modal';
import type { TeamImport } from '@/lib/api/types';
import { useImportTeams } from '../api/import-teams';
import { capacityRefusal } from '../hooks/use-save-team-grid';
import { BeyondCapacity } from './beyond-capacity';

type Checked = { csv: string; result: TeamImport };

/**
 * Import CSV on the team grid: the organiser pastes or picks the registration export, checks it
 * (a dry run that shows every team and every wrong line), mends it, then imports all at once.
 */
export function ImportTeamsDialog({ eventId, divisionId, open, onClose }: {
  eventId: string;
  divisionId: string;
  open: boolean;
  onClose: () => void;
}) {
  const [csv, setCsv] = useState('');
  const [checked, setChecked] = useState<Checked | null>(null);
  const [imported, setImported] = useState<number | null>(null);
  const mutation = useImportTeams();
  const [beyondCapacity, setBeyondCapacity] = useState(false);
  const overCapacity = capacityRefusal(mutation.error);
  const current = checked?.csv === csv ? checked.result : null;
  const ready = current !== null && current.errors.length === 0 && current.created.length > 0;

  const check = () =>
    mutation.mutate(
      { eventId, divisionId, csv, dryRun: true },
      { onSuccess: (result) => setChecked({ csv, result }) },
    );
  const commit = () =>
    mutation.mutate(
      { eventId, divisionId, csv, dryRun: false, beyondCapacity },
      {
        onSuccess: (result) => {
          if (result.errors.length > 0) {
            setChecked({ csv, result }); // changed meanwhile on the server: show why
            return;
          }
          setImported(result.created.length);
          setCsv('');
          setChecked(null);
        },
      },
    );
  const readFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (file) setCsv(await file.text());
    e.target.value = '';
  };
  const close = () => {
    setImported(null);
    mutation.reset();
    onClose();
  };

  return (
    <Modal open={open} title="Import teams from CSV" onClose={close}>
      <div className="space-y-3 text-sm">
        <p className="text-slate-600">
          Columns by header, in any order: <strong>Team Name</strong>, Athlete 1, Athlete 2. Comma or semicolon separated;
          at most 100,000 teams.
        </p>
        <label className="block">
          <span className="mb-1 block font-medium text-slate-700">CSV</span>
          <textarea
            aria-label="CSV"
            className="h-32 w-full rounded-md border border-slate-300 p-2 font-mono text-xs"
            value={csv}
            onChange={(e) => setCsv(e.target.value)}
            placeholder={'Team Name,Athlete 1,Athlete 2\nBarbell Bros,Ann Lee,Bea Kim'}
          />
        </label>
        <label className="block text-slate-600">
          Or choose a file: <input type="file" accept=".csv,text/csv,text/plain" onChange={readFile} className="text-xs" />
        </label>
        {overCapacity && <BeyondCapacity message={overCapacity} checked={beyondCapacity} onChange={setBeyondCapacity} />}
        {mutation.isError && !overCapacity && <ErrorPanel title={mutation.variables?.dryRun ? 'Check failed' : 'Import failed'} error={mutation.error} />}
        {imported !== null && (
          <p role="status" className="rounded-md bg-green-50 p-2 text-green-800">
            Imported {imported} {imported === 1 ? 'team' : 'teams'}.
          </p>
        )}
        {current && <ImportPreview result={current} />}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={close}>
            Close
          </Button>
          <Button variant="secondary" onClick={check} disabled={!csv.trim()} loading={mutation.isPending && !ready}>
            Check
          </Button>
          <Button onClick={commit} disabled={!ready} loading={mutation.isPending && ready}>
            {ready ? `Import ${current.created.length} ${current.created.length === 1 ? 'team' : 'teams'}` : 'Import'}
          </Button>
        </div>
      </div>
    </Modal>
  );
}

function ImportPreview({ result }: { result: TeamImport }) {
  return (
    <div className="space-y-2">
      {result.errors.length > 0 && (
        <ul aria-label="Lines to fix" className="space-y-1 rounded-md bg-red-50 p-2 text-red-800">
          {result.errors.map((e) => (
            <li key={e.line}>
              Line {e.line}: {e.message}
            </li>
          ))}
        </ul>
      )}
      <p className="text-slate-600">
        {result.errors.length > 0
          ? 'Nothing is imported until every line is right.'
          : `${result.created.length} ${result.created.length === 1 ? 'team is' : 'teams are'} ready to import.`}
      </p>
      {result.created.length > 0 && (
        <div className="max-h-48 overflow-auto rounded-md border border-slate-200">
          <table className="w-full text-left text-xs">
            <thead className="bg-slate-50 text-slate-500">
              <tr>
                <th className="px-2 py-1">Team Name</th>
                <th className="px-2 py-1">Athlete 1</th>
                <th className="px-2 py-1">Athlete 2</th>
              </tr>
            </thead>
            <tbody>
              {result.created.map((t, i) => (
                <tr key={i} className="border-t border-slate-100">
                  <td className="px-2 py-1">{t.name}</td>
                  <td className="px-2 py-1">{t.athlete1Name}</td>
                  <td className="px-2 py-1">{t.athlete2Name}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
